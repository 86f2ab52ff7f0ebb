"""Savings that earn (issue 58): flexible, locked and goal pockets, interest, the end of day."""
