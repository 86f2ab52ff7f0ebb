"""Bill payments as the wire shows them: the service keeps kobo and datetimes; here they become
naira (bff/money.py) and text (bff/dates.py)."""

from __future__ import annotations

from bff.bills.messages import PENDING_MESSAGE
from bff.bills.models import ProductType, Vend
from bff.bills.schemas import BillLogOut
from bff.dates import format_date
from bff.money import kobo_to_naira
from bff.payments.lifecycle import Status
from bff.risk.presenter import is_held
from bff.risk.reviews import HELD_MESSAGE


def bill_log(vend: Vend) -> BillLogOut:
    electricity = vend.product_type == ProductType.ELECTRICITY_BILL
    status = {Status.COMPLETED: "SUCCESS", Status.FAILED: "FAILED"}.get(vend.status, "PENDING")
    held = is_held(vend)
    message = {"SUCCESS": "Successful", "FAILED": vend.failure_reason}.get(
        status, HELD_MESSAGE if held else PENDING_MESSAGE
    )
    return BillLogOut(
        id=vend.id,
        date_created=format_date(vend.created_at),
        utility_product_type=vend.product_type,
        amount=kobo_to_naira(vend.amount_kobo),
        vending_status=status,
        reference=vend.id,
        source_account=vend.source_account,
        vender=vend.provider_code,
        utility_provider_title=vend.provider_title,
        phone_number=vend.phone_number,
        data_bundle_code=vend.product_code if vend.product_type == ProductType.DATA else None,
        electricity_meter_number=vend.customer_number if electricity else None,
        electricity_meter_owner=vend.holder_name if electricity else None,
        electricity_meter_owner_phone_number=vend.holder_phone if electricity else None,
        electricity_meter_owner_address=vend.holder_address if electricity else None,
        electricity_meter_type=vend.meter_type,
        vending_token=vend.token,
        units=vend.units,
        cable_tv_smart_card_number=(
            vend.customer_number if vend.product_type == ProductType.CABLE_TV else None
        ),
        cable_tv_bouquet_code=(
            vend.product_code if vend.product_type == ProductType.CABLE_TV else None
        ),
        message=message,
        held_for_review=held,
    )
