"""The failover drills (issue 53): a small bank on several hosts of this machine, each a
network namespace, broken on purpose under load, with the ledger checked afterwards.
`python -m bench.drill` (scripts/drill) runs them; docs/reliability.md has the results."""
