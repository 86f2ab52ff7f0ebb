"""second factor: wrong codes in a row per account, and a pause

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-25 16:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import bff.db

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("code_failures", sa.Integer(), nullable=False, server_default="0")
        )
        batch_op.add_column(
            sa.Column("codes_paused_until", bff.db.UTCDateTime(timezone=True), nullable=True)
        )


def downgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_column("codes_paused_until")
        batch_op.drop_column("code_failures")
