"""Kobo core-banking simulator: ledger, customers, interbank, identity, billers, messaging."""
