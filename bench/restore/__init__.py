"""The restore drill: back up a bank's PostgreSQL with pgBackRest, restore it to an instant
on a fresh cluster, and prove the copy is a consistent bank (docs/operations.md, section 7)."""
