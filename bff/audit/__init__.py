"""The audit log of security events: who, what, when and from where (issue 12)."""
