"""known devices, and the device each session, transfer and scheduled payment came from

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-28 08:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import bff.db

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "devices",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("created_at", bff.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("last_used_at", bff.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("capped_until", bff.db.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_devices_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_devices")),
        sa.UniqueConstraint("user_id", "token_hash", name=op.f("uq_devices_user_id")),
    )
    op.create_index(op.f("ix_devices_user_id"), "devices", ["user_id"], unique=False)
    # Plain ADD COLUMNs: a batch (copy-and-rename) on SQLite would break the triggers of
    # migration 0014 on transfers and scheduled payments.
    op.add_column("user_sessions", sa.Column("device_id", sa.Integer(), nullable=True))
    op.create_index(
        op.f("ix_user_sessions_device_id"), "user_sessions", ["device_id"], unique=False
    )
    op.add_column("transfers", sa.Column("device_id", sa.Integer(), nullable=True))
    op.create_index(
        "ix_transfers_device_confirmed", "transfers", ["device_id", "confirmed_at"], unique=False
    )
    op.add_column("scheduled_payments", sa.Column("device_id", sa.Integer(), nullable=True))


def downgrade() -> None:
    op.drop_column("scheduled_payments", "device_id")
    op.drop_index("ix_transfers_device_confirmed", table_name="transfers")
    op.drop_column("transfers", "device_id")
    op.drop_index(op.f("ix_user_sessions_device_id"), table_name="user_sessions")
    op.drop_column("user_sessions", "device_id")
    op.drop_index(op.f("ix_devices_user_id"), table_name="devices")
    op.drop_table("devices")
