"""longer one-time-code purposes (they carry a transfer or limit-change id)

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("otp_challenges", schema=None) as batch_op:
        batch_op.alter_column(
            "purpose", existing_type=sa.String(length=30), type_=sa.String(length=80)
        )


def downgrade() -> None:
    with op.batch_alter_table("otp_challenges", schema=None) as batch_op:
        batch_op.alter_column(
            "purpose", existing_type=sa.String(length=80), type_=sa.String(length=30)
        )
