"""How an identifier is stored: the normalisers a kind names, applied on write, lookup, mentions and recall.

Phones go through Google's libphonenumber (the `phonenumbers` port) and emails through `email-validator`,
because both are jobs a hand-written regular expression does wrong ("+1 (415) 555-0142" and
"415-555-0142" are one number; "Bob@EXAMPLE.com" and "bob@example.com" one address). Each falls back to
what graphmem did before when the library cannot validate the value, so test numbers, numbers of another
region and addresses on reserved domains keep working exactly as they did.

Stored forms (backward compatible: what was stored before stays findable):
- "e164": the E.164 number without its "+", "14155550142", when libphonenumber validates the value under
  the default region; otherwise its digits only (the former "digits" normaliser). A number stored from an
  international spelling before this change was already these digits.
- "email": the address as `email-validator` normalises it (Unicode NFC, the domain in lower case and
  IDNA-decoded), then lower-cased whole: mailbox providers treat the local part case-insensitively in
  practice, and every address stored before was lower-cased whole; otherwise lower case (the former "lower").
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from functools import lru_cache

import phonenumbers
from email_validator import EmailNotValidError, validate_email
from phonenumbers import NumberParseException, PhoneNumber, PhoneNumberFormat

from graphmem.errors import ConfigError

#: The region a phone written without its country code is read in. US: the numbers people write without
#: "+1" are 10-digit NANP numbers; most other countries' national spellings begin with a trunk "0" (or are
#: too long), which NANP never validates, so they fall back to their digits instead of being misread.
DEFAULT_REGION = "US"
#: libphonenumber's "no region": only spellings with a "+country" prefix are validated.
NO_REGION = "ZZ"

#: A normaliser maps (value, default phone region) to the stored form; most ignore the region.
Normaliser = Callable[[str, str], str]


def check_region(region: str | None) -> str:
    """A default region as libphonenumber names it ("US", "GB", "CN"), or "ZZ" for none ("" too).

    Raises:
        ConfigError: not a region libphonenumber knows.
    """
    r = (region or NO_REGION).strip().upper()
    if r != NO_REGION and r not in phonenumbers.SUPPORTED_REGIONS:
        raise ConfigError(f"GRAPHMEM_PHONE_REGION: unknown region {region!r} (an ISO 3166 code such as US, GB, CN; ZZ for none)")
    return r


def default_region() -> str:
    """GRAPHMEM_PHONE_REGION, read from the environment as GRAPHMEM_IDENTIFIER_PATTERNS is (default US)."""
    return check_region(os.environ.get("GRAPHMEM_PHONE_REGION", DEFAULT_REGION))


def digits_only(value: str, region: str = NO_REGION) -> str:
    return re.sub(r"\D", "", value)


def lower(value: str, region: str = NO_REGION) -> str:
    return value.lower()


def identity(value: str, region: str = NO_REGION) -> str:
    return value


def e164_of(number: PhoneNumber) -> str:
    """The stored form of a parsed number: E.164 without "+" (an Italian leading zero kept)."""
    return phonenumbers.format_number(number, PhoneNumberFormat.E164)[1:]


@lru_cache(maxsize=16384)
def e164(value: str, region: str = DEFAULT_REGION) -> str:
    """A phone as stored: E.164 digits if libphonenumber validates it under `region`, else digits only.

    An extension ("ext. 12") is not part of the stored number: the line identifies the subscriber.
    """
    try:
        number = phonenumbers.parse(value, region)
    except NumberParseException:
        return digits_only(value)
    return e164_of(number) if phonenumbers.is_valid_number(number) else digits_only(value)


@lru_cache(maxsize=16384)
def email(value: str, region: str = NO_REGION) -> str:
    """An address as stored: `email-validator`'s normalised form lower-cased, else the value lower-cased."""
    try:
        info = validate_email(value, check_deliverability=False)
    except EmailNotValidError:
        return value.lower()
    return info.normalized.lower()


NORMALISERS: dict[str, Normaliser] = {"digits": digits_only, "lower": lower, "none": identity,
                                      "e164": e164, "email": email}


def phone_spellings(stored: str) -> set[str]:
    """The digit strings a stored phone is written with: itself and, when valid, its national number with
    and without the trunk prefix ("442079460958" → "2079460958", "02079460958"). Erasure looks for all of
    them, since a turn may write the number the way its country does."""
    out = {stored}
    try:
        number = phonenumbers.parse("+" + stored, None)
    except NumberParseException:
        return out
    if phonenumbers.is_valid_number(number):
        out.add(phonenumbers.national_significant_number(number))
        out.add(digits_only(phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)))
    return out
