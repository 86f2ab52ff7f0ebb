"""one name per idea in transfers' columns: name_inquiry_ref and transfer_type, as the contract
writes them (were name_enquiry_ref and kind)

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
RENAMED = {"name_enquiry_ref": "name_inquiry_ref", "kind": "transfer_type"}


def upgrade() -> None:
    for old, new in RENAMED.items():
        op.execute(f"ALTER TABLE transfers RENAME COLUMN {old} TO {new}")


def downgrade() -> None:
    for old, new in RENAMED.items():
        op.execute(f"ALTER TABLE transfers RENAME COLUMN {new} TO {old}")
