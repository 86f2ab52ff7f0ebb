"""Bill payments (vends) as the BFF tracks them; the id is the biller reference too."""

from __future__ import annotations

from sqlalchemy import BigInteger, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from bff.db import Base
from bff.payments.lifecycle import PaymentState


class ProductType:
    AIRTIME = "AIRTIME"
    DATA = "DATA"
    ELECTRICITY_BILL = "ELECTRICITY_BILL"
    CABLE_TV = "CABLE_TV"
    # The simulator's category for each product type.
    CATEGORY = {
        AIRTIME: "AIRTIME",
        DATA: "DATA",
        ELECTRICITY_BILL: "ELECTRICITY",
        CABLE_TV: "CABLE_TV",
    }


class Vend(PaymentState, Base):
    __tablename__ = "bill_vends"
    # The day's total against the daily limit (confirmed today, per source account).
    __table_args__ = (
        Index("ix_bill_vends_source_confirmed", "source_account", "confirmed_at"),
        # A customer's pending and failed payments (the dashboard, the history pages).
        Index("ix_bill_vends_user_status", "user_id", "status", "created_at"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    product_type: Mapped[str] = mapped_column(String(20))
    source_account: Mapped[str] = mapped_column(String(10))
    amount_kobo: Mapped[int] = mapped_column(BigInteger)
    provider_code: Mapped[str] = mapped_column(String(20))
    provider_title: Mapped[str] = mapped_column(String(60))
    product_code: Mapped[str | None] = mapped_column(String(30))  # data bundle / bouquet
    # The number the biller vends to: phone, meter or smart card.
    customer_number: Mapped[str] = mapped_column(String(20))
    phone_number: Mapped[str | None] = mapped_column(String(11))
    meter_type: Mapped[str | None] = mapped_column(String(10))
    holder_name: Mapped[str | None] = mapped_column(String(120))
    holder_phone: Mapped[str | None] = mapped_column(String(20))
    holder_address: Mapped[str | None] = mapped_column(String(200))
    token: Mapped[str | None] = mapped_column(String(24))
    units: Mapped[str | None] = mapped_column(String(20))
    # The risk check's outcome and rules, as a transfer keeps them (bff/risk).
    risk_outcome: Mapped[str | None] = mapped_column(String(8))
    risk_rules: Mapped[str | None] = mapped_column(String(200))

    def posting_references(self) -> list[str]:
        """Where the core keeps this payment's posting: the hold it placed, settled."""
        return [f"HOLD-{self.id}"]

    def narration(self) -> str:
        """What the customer and the core's statement call it: 'MTN airtime, 08031234567',
        'Ikeja Electric prepaid, meter 45000000001'."""
        number = self.customer_number
        if self.product_type == ProductType.AIRTIME:
            return f"{self.provider_title} airtime, {number}"
        if self.product_type == ProductType.DATA:
            return f"{self.provider_title} bundle, {number}"
        if self.product_type == ProductType.ELECTRICITY_BILL:
            meter = f" {self.meter_type.lower()}" if self.meter_type else ""
            return f"{self.provider_title}{meter}, meter {number}"
        return f"{self.provider_title}, smart card {number}"
