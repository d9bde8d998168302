"""The two themes of For Sale: Autorama. Names only: the rules are one."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Theme:
    key: str
    title: str
    vehicle: str  # the cards bought in phase 2 and sold in phase 3
    vehicles: str
    check: str  # the cards won in phase 3
    checks: str  # and more than one
    cash: str
    abilities: tuple[str, ...]  # advisor 1-3, 4-6, ..., 28-30

    def ability(self, number: int) -> str | None:
        """Advisor `number`'s ability (three advisors share each); None for a number no advisor has."""
        return self.abilities[(number - 1) // 3] if 1 <= number <= 3 * len(self.abilities) else None

    def advisor(self, number: int) -> str:
        return f"{number} {self.abilities[(number - 1) // 3]}"

    @property
    def mechanic(self) -> str:
        """The advisor whose owner, lowest in a sale, may take the second lowest check (7-9);
        "" in the classic game, which has no advisors."""
        return self.abilities[2] if self.abilities else ""

    @property
    def fleet_manager(self) -> str:
        """The advisor paid up to count as 31-33 when played (13-15); "" in the classic game."""
        return self.abilities[4] if self.abilities else ""

    @property
    def lawyer(self) -> str:
        """The advisor that sells two vehicles at once (19-21), one of them taken back; "" in
        the classic game."""
        return self.abilities[6] if self.abilities else ""


AUTORAMA = Theme(
    key="autorama",
    title="For Sale: Autorama",
    vehicle="vehicle",
    vehicles="vehicles",
    check="check",
    checks="checks",
    cash="cash",
    abilities=(
        "Sales Associate",
        "Consultant",
        "Mechanic",
        "Controller",
        "Fleet Manager",
        "Sales Director",
        "Lawyer",
        "Restoration Specialist",
        "Financial Advisor",
        "General Manager",
    ),
)

ADVISORS = Theme(
    key="advisors",
    title="For Sale: Advisors",
    vehicle="property",
    vehicles="properties",
    check="currency card",
    checks="currency cards",
    cash="coins",
    abilities=(
        "Sales Associate",
        "Agent",
        "Contractor",
        "Appraiser",
        "Realtor",
        "Broker",
        "Lawyer",
        "Investor",
        "Financier",
        "Underwriter",
    ),
)

# The classic base game: no advisors; properties are auctioned, then sold.
CLASSIC = Theme(
    key="classic",
    title="For Sale",
    vehicle="property",
    vehicles="properties",
    check="check",
    checks="checks",
    cash="coins",
    abilities=(),
)

THEMES = {theme.key: theme for theme in (AUTORAMA, ADVISORS)}
