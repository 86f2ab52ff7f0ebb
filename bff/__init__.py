"""Kobo backend-for-frontend: serves the customer contract of docs/contract.md to the web app."""
