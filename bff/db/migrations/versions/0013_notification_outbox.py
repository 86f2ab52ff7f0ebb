"""notification outbox: messages recorded with the event that causes them

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-25 19:10:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import bff.db

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "notification_outbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("recipient", sa.String(length=200), nullable=True),
        sa.Column("subject", sa.String(length=200), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("html", sa.Text(), nullable=True),
        sa.Column("payload", sa.Text(), nullable=True),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", bff.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("lease_until", bff.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("claim_token", sa.String(length=32), nullable=True),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.Column("created_at", bff.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("sent_at", bff.db.UTCDateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notification_outbox")),
    )
    with op.batch_alter_table("notification_outbox", schema=None) as batch_op:
        batch_op.create_index(
            "ix_notification_outbox_due", ["status", "next_attempt_at"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("notification_outbox", schema=None) as batch_op:
        batch_op.drop_index("ix_notification_outbox_due")
    op.drop_table("notification_outbox")
