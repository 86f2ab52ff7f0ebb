"""Kobo backend-for-frontend: the customer-facing contract of ../shared/spec/."""
