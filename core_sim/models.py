"""Imports every model module so that Base.metadata knows every table (create_all, reset)."""

from core_sim.billers import models as billers_models
from core_sim.customers import models as customers_models
from core_sim.faults import models as faults_models
from core_sim.identity import models as identity_models
from core_sim.ledger import models as ledger_models
from core_sim.messaging import models as messaging_models
from core_sim.nip import models as nip_models
from core_sim.simclock import models as simclock_models

__all__ = [
    "billers_models",
    "customers_models",
    "faults_models",
    "identity_models",
    "ledger_models",
    "messaging_models",
    "nip_models",
    "simclock_models",
]
