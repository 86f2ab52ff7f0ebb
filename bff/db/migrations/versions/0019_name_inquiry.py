"""a transfer's name inquiry reference: the column says inquiry, as the contract does

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-28 12:00:00
"""

from __future__ import annotations

from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


# A plain RENAME COLUMN on both databases: a batch (copy-and-rename) on SQLite would break
# the triggers of migration 0014 on transfers, which SQLite's rename keeps.
def upgrade() -> None:
    op.execute("ALTER TABLE transfers RENAME COLUMN name_enquiry_ref TO name_inquiry_ref")


def downgrade() -> None:
    op.execute("ALTER TABLE transfers RENAME COLUMN name_inquiry_ref TO name_enquiry_ref")
