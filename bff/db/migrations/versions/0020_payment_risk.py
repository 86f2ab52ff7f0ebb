"""the payment risk check and liveness: its outcome on each transfer, the watch-list and account flags
copied from the switch and the core, held payments' reviews, the instant-transfer switch and
limit raises that wait out their cooling-off; liveness checks (selfies) and the returning
profiles that owe one

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-07 12:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import bff.db

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "watched_accounts",
        sa.Column("bank_code", sa.String(length=6), nullable=False),
        sa.Column("account_number", sa.String(length=10), nullable=False),
        sa.Column("reason", sa.String(length=200), nullable=False),
        sa.Column("reported_at", bff.db.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("bank_code", "account_number", name=op.f("pk_watched_accounts")),
    )
    op.create_table(
        "account_flags",
        sa.Column("account_number", sa.String(length=10), nullable=False),
        sa.Column("customer_id", sa.String(length=30), nullable=True),
        sa.Column("rule", sa.String(length=30), nullable=False),
        sa.Column("state", sa.String(length=10), nullable=False),
        sa.Column("raised_at", bff.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("decided_at", bff.db.UTCDateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("account_number", name=op.f("pk_account_flags")),
    )
    op.create_table(
        "sync_cursors",
        sa.Column("name", sa.String(length=30), nullable=False),
        sa.Column("last_seq", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_sync_cursors")),
    )
    op.create_table(
        "payment_reviews",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=12), nullable=False),
        sa.Column("payment_id", sa.String(length=32), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("source_account", sa.String(length=10), nullable=False),
        sa.Column("amount_kobo", sa.BigInteger(), nullable=False),
        sa.Column("payee", sa.String(length=250), nullable=False),
        sa.Column("rules", sa.String(length=200), nullable=False),
        sa.Column("reasons", sa.Text(), nullable=False),
        sa.Column("state", sa.String(length=10), nullable=False),
        sa.Column("deadline_at", bff.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("created_at", bff.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("decided_at", bff.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("decided_by", sa.Integer(), nullable=True),
        sa.Column("answer", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_payment_reviews_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_payment_reviews")),
        sa.UniqueConstraint("payment_id", name=op.f("uq_payment_reviews_payment_id")),
    )
    op.create_index(
        "ix_payment_reviews_state_deadline", "payment_reviews", ["state", "deadline_at"]
    )
    op.create_index(op.f("ix_payment_reviews_user_id"), "payment_reviews", ["user_id"])
    # Plain ADD COLUMNs: a batch (copy-and-rename) on SQLite would break the triggers of
    # migration 0014 on transfers.
    op.add_column("transfers", sa.Column("risk_outcome", sa.String(length=8), nullable=True))
    op.add_column("transfers", sa.Column("risk_rules", sa.String(length=200), nullable=True))
    op.add_column("bill_vends", sa.Column("risk_outcome", sa.String(length=8), nullable=True))
    op.add_column("bill_vends", sa.Column("risk_rules", sa.String(length=200), nullable=True))
    op.add_column(
        "users",
        sa.Column("instant_transfers_off_at", bff.db.UTCDateTime(timezone=True), nullable=True),
    )
    op.add_column(
        "users",
        sa.Column("liveness_required_at", bff.db.UTCDateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "liveness_checks",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("reason", sa.String(length=12), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("last_result", sa.String(length=6), nullable=True),
        sa.Column("selfie_key", sa.String(length=64), nullable=True),
        sa.Column("required_at", bff.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", bff.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("decided_by", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_liveness_checks_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_liveness_checks")),
    )
    op.add_column("transaction_limits", sa.Column("raise_daily_kobo", sa.BigInteger()))
    op.add_column("transaction_limits", sa.Column("raise_single_kobo", sa.BigInteger()))
    op.add_column(
        "transaction_limits",
        sa.Column("raise_from", bff.db.UTCDateTime(timezone=True), nullable=True),
    )


def downgrade() -> None:
    for column in ("raise_from", "raise_single_kobo", "raise_daily_kobo"):
        op.drop_column("transaction_limits", column)
    op.drop_table("liveness_checks")
    op.drop_column("users", "liveness_required_at")
    op.drop_column("users", "instant_transfers_off_at")
    op.drop_column("bill_vends", "risk_rules")
    op.drop_column("bill_vends", "risk_outcome")
    op.drop_column("transfers", "risk_rules")
    op.drop_column("transfers", "risk_outcome")
    op.drop_index(op.f("ix_payment_reviews_user_id"), table_name="payment_reviews")
    op.drop_index("ix_payment_reviews_state_deadline", table_name="payment_reviews")
    op.drop_table("payment_reviews")
    op.drop_table("sync_cursors")
    op.drop_table("account_flags")
    op.drop_table("watched_accounts")
