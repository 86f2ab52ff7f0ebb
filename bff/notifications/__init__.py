"""How Kobo reaches its customers: transports (simulator gateway, SMTP, an SMS aggregator),
the transactional outbox that makes delivery survive a transport outage, and the debit and
credit alerts. docs/operations.md says how to switch each transport on."""
