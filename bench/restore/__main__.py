"""The restore drill (bench/restore/drill.py): back up, restore to an instant, check.

    python -m bench.restore                      # small: seconds of payments (the test's size)
    python -m bench.restore --size 1000000       # the ledger grown to a million lines first

Exits 1 if the restored copy is not the bank as it stood at the instant.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bench.restore.drill import WORK, Figures, run


def report(figures: Figures) -> str:
    mb = 1024 * 1024
    lines = [
        figures.backups.rstrip(),
        "",
        f"Database: {figures.database_bytes / mb:.0f} MB (the BFF's and the simulator's), "
        f"{figures.ledger_lines:,} ledger lines; "
        f"repository {figures.repository_bytes / mb:.0f} MB.",
        f"Backups: full {figures.full_backup_s:.1f} s, incremental {figures.incr_backup_s:.1f} s; "
        f"verify {figures.verify_s:.1f} s.",
        f"RTO {figures.rto_s:.1f} s: restore {figures.restore_s:.1f} s, WAL replay to the "
        f"instant and promotion {figures.recovery_s:.1f} s, simulator and BFF answering "
        f"{figures.serving_s:.1f} s.",
        f"RPO 0 to the instant: {figures.acknowledged_before} payments answered before it all "
        f"restored; {figures.in_flight_at_instant} in flight at it (settled by the BFF after); "
        f"{figures.begun_after} begun after it, none restored.",
        "",
        "| check | items | violations |",
        "|---|---|---|",
        *(f"| {c.name} | {c.checked} | {len(c.violations)} |" for c in figures.checks),
    ]
    for c in figures.checks:
        lines += [f"- {c.name}: {v}" for v in c.violations[:20]]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=6, help="each round of payments")
    parser.add_argument("--customers", type=int, default=3)
    parser.add_argument("--size", type=int, default=0, help="ledger lines to grow to first")
    parser.add_argument("--work", type=Path, default=WORK, help="emptied first")
    args = parser.parse_args()
    figures = asyncio.run(run(args.work, args.seconds, args.customers, args.size))
    print(report(figures))
    sys.exit(1 if figures.violations else 0)


if __name__ == "__main__":
    main()
