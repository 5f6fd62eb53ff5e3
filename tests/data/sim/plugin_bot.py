"""A user's bot for the --bot plugin test: always draws from the stock, throws its highest card.

It speaks the older protocol on purpose (``start`` answers the word ``"stock"``, looked up in
``view.options``): a bot written before ``start`` spoke ``ActionKind`` keeps working."""

from rummycheck.sim.bots import BaseBot, View


class HighCardThrower(BaseBot):
    label = "high"

    # the older protocol on purpose (the module docstring): a word, not the ActionKind BaseBot.start returns
    def start(self, view: View) -> str:  # type: ignore[override]
        return "stock" if "stock" in view.options else view.options[0]

    def discard(self, view: View):  # type: ignore[no-untyped-def]
        choices = [c for c in view.hand if c != view.took]
        return max(choices, key=lambda c: (view.variant.card_points(c), c.index))

    def knock(self, view: View, card) -> bool:  # type: ignore[no-untyped-def]
        from rummycheck.solvers.deadwood import min_deadwood
        rest = list(view.hand)
        rest.remove(card)
        return min_deadwood(rest, variant=view.variant) <= 10
