"""the new-account cap checked again at confirmation: when the paying account stops being
new, kept on each transfer made while it was

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-07 18:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import bff.db

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    when = bff.db.UTCDateTime(timezone=True)
    op.add_column("transfers", sa.Column("account_cap_until", when, nullable=True))


def downgrade() -> None:
    op.drop_column("transfers", "account_cap_until")
