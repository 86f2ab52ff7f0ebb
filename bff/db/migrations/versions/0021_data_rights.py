"""the customer's data rights (issue 59): archives of their data, marketing consents and
their log, correction and erasure requests, and the closed profile

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-07 15:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import bff.db

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def _user_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["user_id"], ["users.id"], name=op.f(f"fk_{table}_user_id_users"), ondelete="CASCADE"
    )


def upgrade() -> None:
    when = bff.db.UTCDateTime(timezone=True)
    op.create_table(
        "data_exports",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("requested_at", when, nullable=False),
        sa.Column("lease_until", when, nullable=True),
        sa.Column("ready_at", when, nullable=True),
        sa.Column("storage_key", sa.String(length=64), nullable=True),
        sa.Column("size_bytes", sa.Integer(), nullable=True),
        sa.Column("token_hash", sa.String(length=64), nullable=True),
        sa.Column("link_expires_at", when, nullable=True),
        sa.Column("downloaded_at", when, nullable=True),
        sa.Column("delete_after", when, nullable=True),
        sa.Column("deleted_at", when, nullable=True),
        _user_fk("data_exports"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_data_exports")),
    )
    op.create_index(op.f("ix_data_exports_user_id"), "data_exports", ["user_id"])
    op.create_index(op.f("ix_data_exports_status"), "data_exports", ["status"])
    op.create_index(op.f("ix_data_exports_delete_after"), "data_exports", ["delete_after"])
    op.create_table(
        "consent_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("channel", sa.String(length=5), nullable=False),
        sa.Column("given", sa.Boolean(), nullable=False),
        sa.Column("at", when, nullable=False),
        _user_fk("consent_events"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_consent_events")),
    )
    op.create_index(op.f("ix_consent_events_user_id"), "consent_events", ["user_id"])
    op.create_table(
        "data_requests",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tracking_number", sa.String(length=24), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("ticket_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("details", sa.Text(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("due_at", when, nullable=False),
        sa.Column("answer", sa.Text(), nullable=True),
        sa.Column("created_at", when, nullable=False),
        sa.Column("closed_at", when, nullable=True),
        _user_fk("data_requests"),
        sa.ForeignKeyConstraint(
            ["ticket_id"],
            ["tickets.id"],
            name=op.f("fk_data_requests_ticket_id_tickets"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_data_requests")),
        sa.UniqueConstraint("tracking_number", name=op.f("uq_data_requests_tracking_number")),
    )
    op.create_index(op.f("ix_data_requests_user_id"), "data_requests", ["user_id"])
    op.create_index(op.f("ix_data_requests_due_at"), "data_requests", ["due_at"])
    # A plain ADD COLUMN (no batch): migration 0014's triggers stay as they are.
    op.add_column("users", sa.Column("closed_at", when, nullable=True))


def downgrade() -> None:
    op.drop_column("users", "closed_at")
    op.drop_index(op.f("ix_data_requests_due_at"), table_name="data_requests")
    op.drop_index(op.f("ix_data_requests_user_id"), table_name="data_requests")
    op.drop_table("data_requests")
    op.drop_index(op.f("ix_consent_events_user_id"), table_name="consent_events")
    op.drop_table("consent_events")
    op.drop_index(op.f("ix_data_exports_delete_after"), table_name="data_exports")
    op.drop_index(op.f("ix_data_exports_status"), table_name="data_exports")
    op.drop_index(op.f("ix_data_exports_user_id"), table_name="data_exports")
    op.drop_table("data_exports")
