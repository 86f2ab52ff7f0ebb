"""indexes for the day's total of transfers and bill payments

The daily-limit check sums what a source account confirmed today; without an index on
(source_account, confirmed_at) it read every payment the account ever made.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-22 12:00:00
"""

from __future__ import annotations

from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("transfers", schema=None) as batch_op:
        batch_op.create_index(
            "ix_transfers_source_confirmed", ["source_account", "confirmed_at"], unique=False
        )
    with op.batch_alter_table("bill_vends", schema=None) as batch_op:
        batch_op.create_index(
            "ix_bill_vends_source_confirmed", ["source_account", "confirmed_at"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("bill_vends", schema=None) as batch_op:
        batch_op.drop_index("ix_bill_vends_source_confirmed")
    with op.batch_alter_table("transfers", schema=None) as batch_op:
        batch_op.drop_index("ix_transfers_source_confirmed")
