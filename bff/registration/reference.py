"""Reference data of the registration form (the contract leaves the values unstated)."""

from __future__ import annotations

GENDERS = ("MALE", "FEMALE")
EMPLOYMENT_STATUSES = ("EMPLOYED", "SELF_EMPLOYED", "UNEMPLOYED", "STUDENT", "RETIRED")
MARITAL_STATUSES = ("SINGLE", "MARRIED", "DIVORCED", "WIDOWED")
CLIENT_TYPES = ("INDIVIDUAL",)
# Tells the account-owner form that the account number is required.
REQUIRED_REGISTRATION_PARAMETER = "accountNumber"

# The 36 states of Nigeria and the Federal Capital Territory, with their usual codes.
STATES = (
    ("AB", "Abia"), ("AD", "Adamawa"), ("AK", "Akwa Ibom"), ("AN", "Anambra"),
    ("BA", "Bauchi"), ("BY", "Bayelsa"), ("BE", "Benue"), ("BO", "Borno"),
    ("CR", "Cross River"), ("DE", "Delta"), ("EB", "Ebonyi"), ("ED", "Edo"),
    ("EK", "Ekiti"), ("EN", "Enugu"), ("FC", "FCT"), ("GO", "Gombe"), ("IM", "Imo"),
    ("JI", "Jigawa"), ("KD", "Kaduna"), ("KN", "Kano"), ("KT", "Katsina"),
    ("KE", "Kebbi"), ("KO", "Kogi"), ("KW", "Kwara"), ("LA", "Lagos"),
    ("NA", "Nasarawa"), ("NI", "Niger"), ("OG", "Ogun"), ("ON", "Ondo"), ("OS", "Osun"),
    ("OY", "Oyo"), ("PL", "Plateau"), ("RI", "Rivers"), ("SO", "Sokoto"),
    ("TA", "Taraba"), ("YO", "Yobe"), ("ZA", "Zamfara"),
)  # fmt: skip
STATE_NAMES = frozenset(name for _, name in STATES)
