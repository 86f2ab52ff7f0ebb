"""passkeys (WebAuthn credentials), their ceremonies' challenges, and users.has_passkey

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-28 04:15:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import bff.db

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "passkeys",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("credential_id", sa.String(length=1400), nullable=False),
        sa.Column("public_key", sa.LargeBinary(), nullable=False),
        sa.Column("sign_count", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("transports", sa.String(length=120), nullable=False),
        sa.Column("backed_up", sa.Boolean(), nullable=False),
        sa.Column("created_at", bff.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("last_used_at", bff.db.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_passkeys_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_passkeys")),
        sa.UniqueConstraint("credential_id", name=op.f("uq_passkeys_credential_id")),
    )
    with op.batch_alter_table("passkeys", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_passkeys_user_id"), ["user_id"], unique=False)
    op.create_table(
        "webauthn_challenges",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("challenge", sa.String(length=100), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("purpose", sa.String(length=80), nullable=False),
        sa.Column("nonce", sa.String(length=64), nullable=True),
        sa.Column("created_at", bff.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", bff.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("used_at", bff.db.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_webauthn_challenges_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_webauthn_challenges")),
        sa.UniqueConstraint("challenge", name=op.f("uq_webauthn_challenges_challenge")),
    )
    with op.batch_alter_table("webauthn_challenges", schema=None) as batch_op:
        batch_op.create_index("ix_webauthn_challenges_expires", ["expires_at"], unique=False)
    # A plain ADD COLUMN: a batch (copy-and-rename) on SQLite would break the triggers of
    # migration 0014 that name the users table.
    op.add_column(
        "users", sa.Column("has_passkey", sa.Boolean(), server_default=sa.false(), nullable=False)
    )


def downgrade() -> None:
    op.drop_column("users", "has_passkey")
    op.drop_table("webauthn_challenges")
    op.drop_table("passkeys")
