"""disputes (problems customers report about their payments) and frozen accounts

A dispute is a ticket linked to one payment, with a tracking number and an answer-by time.
`open_reference` is unique: one open dispute per payment, enforced by the database.
`users.frozen_at` is set while the customer has frozen their account.

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-28 04:10:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import bff.db

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("frozen_at", bff.db.UTCDateTime(timezone=True), nullable=True)
        )
    op.create_table(
        "disputes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tracking_number", sa.String(length=24), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("ticket_id", sa.Integer(), nullable=False),
        sa.Column("payment_reference", sa.String(length=40), nullable=False),
        sa.Column("open_reference", sa.String(length=40), nullable=True),
        sa.Column("reason", sa.String(length=20), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("amount_kobo", sa.BigInteger(), nullable=False),
        sa.Column("account_number", sa.String(length=10), nullable=False),
        sa.Column("direction", sa.String(length=6), nullable=False),
        sa.Column("payment_summary", sa.String(length=250), nullable=False),
        sa.Column("payment_at", bff.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("due_at", bff.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("answer", sa.Text(), nullable=True),
        sa.Column("refund_reference", sa.String(length=48), nullable=True),
        sa.Column("created_at", bff.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", bff.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("closed_at", bff.db.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["ticket_id"], ["tickets.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("open_reference"),
        sa.UniqueConstraint("tracking_number"),
    )
    with op.batch_alter_table("disputes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_disputes_due_at"), ["due_at"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_disputes_payment_reference"), ["payment_reference"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_disputes_user_id"), ["user_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("disputes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_disputes_user_id"))
        batch_op.drop_index(batch_op.f("ix_disputes_payment_reference"))
        batch_op.drop_index(batch_op.f("ix_disputes_due_at"))
    op.drop_table("disputes")
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_column("frozen_at")
