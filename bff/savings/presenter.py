"""The savings page's wire objects: naira by bff/money.py, days by bff/dates.py."""

from __future__ import annotations

from datetime import date

from bff.core_client.schemas import CoreSavingsPocket, CoreSavingsProduct, CoreSavingsRule
from bff.dates import DATE, format_date
from bff.money import format_naira, kobo_to_naira
from bff.savings.schemas import AutoSaveOut, AutoSaveRunOut, PocketOut, ProductOut

EVERY = {"DAILY": "every day", "WEEKLY": "every week", "MONTHLY": "every month"}
DESCRIPTIONS = {
    "FLEXIBLE": "Save and withdraw any time. Interest is added every day and paid monthly.",
    "LOCKED": "Lock money away for 30 to 365 days at a higher rate, fixed when you open it. "
    "Breaking it early gives up the interest.",
    "GOAL": "Save towards a target by a date, by hand or automatically.",
}


BPS_PER_PERCENT = 100  # a rate's basis points (not money)
WHOLE = 100  # per cent


def rate_percent(rate_bps: int) -> float:
    return rate_bps / BPS_PER_PERCENT


def auto_save_out(rule: CoreSavingsRule) -> AutoSaveOut:
    if rule.kind == "PERCENT_OF_CREDITS":
        description = f"{rule.percent} % of every credit to {rule.source_account}"
    else:
        description = (
            f"{format_naira(rule.amount_kobo or 0)} {EVERY[rule.kind]} from {rule.source_account}"
        )
    run = rule.last_run
    return AutoSaveOut(
        kind=rule.kind,
        description=description,
        amount=kobo_to_naira(rule.amount_kobo) if rule.amount_kobo is not None else None,
        percent=rule.percent,
        source_account_number=rule.source_account,
        next_save=format_date(rule.next_due, DATE) if rule.next_due else None,
        last_run=AutoSaveRunOut(
            date=format_date(date.fromisoformat(run.occasion), DATE)
            if run.occasion[:1].isdigit()
            else "",
            saved=run.outcome == "SAVED",
            message=run.message,
        )
        if run
        else None,
    )


def status_text(pocket: CoreSavingsPocket) -> str:
    if pocket.status == "MATURED" and pocket.matures_on:
        return f"Matured on {format_date(pocket.matures_on, DATE)}"
    if pocket.status == "BROKEN":
        return "Broken early"
    return "Active"


def pocket_out(pocket: CoreSavingsPocket) -> PocketOut:
    progress = None
    if pocket.target_kobo:
        progress = min(WHOLE, pocket.balance_kobo * WHOLE // pocket.target_kobo)
    return PocketOut(
        id=pocket.id,
        name=pocket.name,
        product=pocket.product,
        product_name=pocket.product_name,
        status=pocket.status,
        status_text=status_text(pocket),
        rate=rate_percent(pocket.rate_bps),
        balance=kobo_to_naira(pocket.balance_kobo),
        interest_this_month=kobo_to_naira(pocket.interest_this_month_kobo),
        interest_to_date=kobo_to_naira(pocket.interest_to_date_kobo),
        interest_paid=kobo_to_naira(pocket.interest_paid_kobo),
        tax_withheld=kobo_to_naira(pocket.tax_withheld_kobo),
        source_account_number=pocket.source_account,
        opened_on=format_date(pocket.opened_on, DATE),
        term_days=pocket.term_days,
        matures_on=format_date(pocket.matures_on, DATE) if pocket.matures_on else None,
        target_amount=kobo_to_naira(pocket.target_kobo) if pocket.target_kobo else None,
        target_date=format_date(pocket.target_date, DATE) if pocket.target_date else None,
        progress_percent=progress,
        forfeited_interest=kobo_to_naira(pocket.forfeited_kobo),
        auto_save=auto_save_out(pocket.rule) if pocket.rule else None,
    )


def product_out(product: CoreSavingsProduct, locked_rates: list[dict[str, int]]) -> ProductOut:
    rate = product.rate_bps
    if product.product == "LOCKED" and locked_rates:
        top = max(r["rateBps"] for r in locked_rates)
        return ProductOut(
            product.product,
            product.name,
            rate_percent(rate),
            f"{DESCRIPTIONS['LOCKED']} {rate_percent(rate):g} % to {rate_percent(top):g} % a "
            "year, by term.",
        )
    return ProductOut(
        product.product,
        product.name,
        rate_percent(rate),
        f"{DESCRIPTIONS[product.product]} {rate_percent(rate):g} % a year.",
    )
