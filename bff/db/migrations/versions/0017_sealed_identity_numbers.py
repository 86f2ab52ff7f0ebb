"""room for sealed BVNs and NINs

BVN and NIN are kept sealed (AES-256-GCM under a per-value data key wrapped by the file key
ring, bff/storage/fields.py): about 150 characters instead of 11 digits. Rows written before
stay readable as they are; `python -m bff rewrap-files` seals them.

Downgrading narrows the columns again, which fails while a sealed value is stored: there is
no way back to plain digits without the keys, on purpose.

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-28 04:10:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

COLUMNS = {"onboarding_profiles": False, "kyc_submissions": True}  # table: nullable
SEALED_LENGTH = 255


def upgrade() -> None:
    for table, nullable in COLUMNS.items():
        with op.batch_alter_table(table, schema=None) as batch_op:
            for column in ("bvn", "nin"):
                batch_op.alter_column(
                    column,
                    existing_type=sa.String(length=11),
                    type_=sa.String(length=SEALED_LENGTH),
                    existing_nullable=nullable,
                )


def downgrade() -> None:
    for table, nullable in COLUMNS.items():
        with op.batch_alter_table(table, schema=None) as batch_op:
            for column in ("bvn", "nin"):
                batch_op.alter_column(
                    column,
                    existing_type=sa.String(length=SEALED_LENGTH),
                    type_=sa.String(length=11),
                    existing_nullable=nullable,
                )
