"""each customer's activity version, and the indexes of unsettled payments

`users.activity_version` goes up in the same transaction as every change to the customer's
transfers, bill payments and scheduled payments: database triggers do it, so no code path
that writes a payment can forget to. The dashboard and the history pages key their short
cache on it (bff/users/read_cache.py): a customer's own money movement changes the version,
and the next read computes afresh.

The indexes serve the dashboard's and the history page's read of a customer's pending and
failed payments, which selected by `user_id` alone and filtered the status row by row.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-26 02:20:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

# The tables whose rows the dashboard and the history pages show, by their user column.
WATCHED = ("transfers", "bill_vends", "scheduled_payments")
BUMP = "UPDATE users SET activity_version = activity_version + 1 WHERE id = {row}.user_id"


def upgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("activity_version", sa.Integer(), server_default="0", nullable=False)
        )
    with op.batch_alter_table("transfers", schema=None) as batch_op:
        batch_op.create_index(
            "ix_transfers_user_status", ["user_id", "status", "created_at"], unique=False
        )
    with op.batch_alter_table("bill_vends", schema=None) as batch_op:
        batch_op.create_index(
            "ix_bill_vends_user_status", ["user_id", "status", "created_at"], unique=False
        )
    if op.get_context().dialect.name == "postgresql":
        _postgresql_triggers()
    else:
        _sqlite_triggers()


def _postgresql_triggers() -> None:
    op.execute(
        f"""
        CREATE FUNCTION bump_activity_version() RETURNS trigger AS $$
        BEGIN
            IF TG_OP = 'DELETE' THEN
                {BUMP.format(row="OLD")};
            ELSE
                {BUMP.format(row="NEW")};
            END IF;
            RETURN NULL;
        END
        $$ LANGUAGE plpgsql
        """
    )
    for table in WATCHED:
        op.execute(
            f"CREATE TRIGGER {table}_activity AFTER INSERT OR UPDATE OR DELETE ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION bump_activity_version()"
        )


def _sqlite_triggers() -> None:
    for table in WATCHED:
        for event, row in (("INSERT", "NEW"), ("UPDATE", "NEW"), ("DELETE", "OLD")):
            op.execute(
                f"CREATE TRIGGER {table}_activity_{event.lower()} AFTER {event} ON {table} "
                f"BEGIN {BUMP.format(row=row)}; END"
            )


def downgrade() -> None:
    if op.get_context().dialect.name == "postgresql":
        for table in WATCHED:
            op.execute(f"DROP TRIGGER {table}_activity ON {table}")
        op.execute("DROP FUNCTION bump_activity_version()")
    else:
        for table in WATCHED:
            for event in ("insert", "update", "delete"):
                op.execute(f"DROP TRIGGER {table}_activity_{event}")
    with op.batch_alter_table("bill_vends", schema=None) as batch_op:
        batch_op.drop_index("ix_bill_vends_user_status")
    with op.batch_alter_table("transfers", schema=None) as batch_op:
        batch_op.drop_index("ix_transfers_user_status")
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_column("activity_version")
