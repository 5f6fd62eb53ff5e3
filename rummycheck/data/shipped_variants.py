"""The shipped variant files, parsed: made by ``python -m rummycheck.data.compile_variants``
from ``variants/*.toml`` (never edit it by hand; a test checks it against the files).

``PARSED`` maps the whole text of each file to what ``tomllib.loads`` gives for it.
"""

from typing import Any

PARSED: dict[str, dict[str, Any]] = {
    # basic.toml
    ('# Basic Rummy: the rules as data (see bing.toml for the format).\n'
     'name = "basic"\n'
     'title = "Basic Rummy"\n'
     'summary = "one deck, 2-4 players, winner takes all"\n'
     '\n'
     '[[rules]]\n'
     'id = "BASIC-DECK"\n'
     'text = "One 52-card deck and 2 to 4 players; 10 cards each with two players, 7 each with '
     'three or four."\n'
     'options = [\n'
     '  { name = "decks", type = "int", default = 1, min = 1, max = 1, help = "number of decks" '
     '},\n'
     '  { name = "wild_rank", type = "choice", default = "none", choices = ["none"], help = "no '
     'wild cards" },\n'
     '  { name = "min_players", type = "int", default = 2, min = 2, max = 4, help = "fewest '
     'players" },\n'
     '  { name = "max_players", type = "int", default = 4, min = 2, max = 6, help = "most players" '
     '},\n'
     '  { name = "hand_size", type = "int", default = 10, min = 3, max = 13, help = "cards dealt '
     'with two players" },\n'
     '  { name = "hand_size_many", type = "int", default = 7, min = 3, max = 13, help = "cards '
     'dealt with three or more players" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "BASIC-RUN"\n'
     'text = "A run is three or more cards of one suit in sequence; the ace is low and runs do not '
     'wrap."\n'
     'options = [\n'
     '  { name = "ace", type = "choice", default = "low", choices = ["low", "low_or_high"], help = '
     '"\'low_or_high\' lets the ace also end a run Q-K-A" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "BASIC-SET"\n'
     'text = "A set is three or four cards of one rank (all different suits)."\n'
     'options = [\n'
     '  { name = "set_max", type = "int_or_none", default = 4, min = 3, max = 4, help = "largest '
     'set" },\n'
     '  { name = "set_duplicates", type = "bool", default = false, help = "one deck: no '
     'duplicates" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "BASIC-TURN"\n'
     'text = "Draw from the stock or take the top discard, meld as many melds as you like, lay '
     'off, then end with one discard."\n'
     'options = [\n'
     '  { name = "melds_per_turn", type = "choice", default = "many", choices = ["many", "one"], '
     'help = "how many new melds a turn may lay down" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "BASIC-LAYOFF"\n'
     'text = "Cards may be laid off on any meld on the table, whoever laid it, even before the '
     'player has melded."\n'
     'options = [\n'
     '  { name = "layoff_before_meld", type = "bool", default = true, help = "lay-offs are allowed '
     'before the player\'s own first meld" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "BASIC-DISCARD"\n'
     'text = "A card taken from the discard pile may not be discarded in the same turn."\n'
     '\n'
     '[[rules]]\n'
     'id = "BASIC-OUT"\n'
     'text = "A player with no cards left wins the hand; a final discard is allowed but not '
     'required."\n'
     'options = [\n'
     '  { name = "out_discard_required", type = "bool", default = false, help = "true: going out '
     'needs a final discard" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "BASIC-STOCK"\n'
     'text = "When the stock runs out the discard pile is shuffled into a new stock once; the '
     'second time the hand is a stalemate."\n'
     'options = [\n'
     '  { name = "stock_reshuffles", type = "int", default = 1, min = 0, max = 10, help = "how '
     'often the discard pile becomes the stock" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "BASIC-STALEMATE"\n'
     'text = "The hand is also a stalemate when no player can ever finish; a stalemate scores '
     'nothing for anyone."\n'
     '\n'
     '[[rules]]\n'
     'id = "BASIC-SCORE"\n'
     'text = "Winner takes all: he scores the points left in the other players\' hands; faces 10, '
     'ace 1, other cards their rank."\n'
     'options = [\n'
     '  { name = "ace_points", type = "int", default = 1, min = 0, max = 100, help = "points of an '
     'ace" },\n'
     '  { name = "face_points", type = "int", default = 10, min = 0, max = 100, help = "points of '
     'a J, Q or K" },\n'
     '  { name = "wild_points", type = "int", default = 0, min = 0, max = 100, help = "unused: '
     'basic rummy has no wilds" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "BASIC-RUMMY"\n'
     'text = "Going out in one turn without having melded or laid off before doubles the winner\'s '
     'points."\n'
     'options = [\n'
     '  { name = "rummy_multiplier", type = "int", default = 2, min = 1, max = 10, help = "factor '
     'for going rummy" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "BASIC-TARGET"\n'
     'text = "The game is won at 100 points with two players, 150 with three, 200 with four."\n'
     'options = [\n'
     '  { name = "target_2", type = "int", default = 100, min = 1, max = 10000, help = "target '
     'with two players" },\n'
     '  { name = "target_3", type = "int", default = 150, min = 1, max = 10000, help = "target '
     'with three players" },\n'
     '  { name = "target_4", type = "int", default = 200, min = 1, max = 10000, help = "target '
     'with four players" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "BASIC-OPEN"\n'
     'text = "Some tables require a player\'s first lay-down to be worth a minimum of points."\n'
     'options = [\n'
     '  { name = "opening_points", type = "int", default = 0, min = 0, max = 200, help = "minimum '
     'points of the first lay-down (31; 30, 40 and 51 are also played)" },\n'
     ']\n'
     '\n'
     '# Disputed points of the rules brief: `check` re-judges a play under each other reading.\n'
     '# `actions`: the play words a dispute bears on; `opening`: it does not bear on a player who '
     'has opened.\n'
     '\n'
     '[[disputes]]\n'
     'rule = "BASIC-OPEN"\n'
     'option = "opening_points"\n'
     'readings = [0, 31]\n'
     'actions = ["meld", "layoff", "out"]\n'
     'point = "opening points"\n'
     'opening = true\n'
     '\n'
     '[[disputes]]\n'
     'rule = "BASIC-RUN"\n'
     'option = "ace"\n'
     'readings = ["low", "low_or_high"]\n'
     'actions = ["meld", "layoff", "out"]\n'
     'point = "ace rank in runs"\n'
     '\n'
     '[[disputes]]\n'
     'rule = "BASIC-TURN"\n'
     'option = "melds_per_turn"\n'
     'readings = ["many", "one"]\n'
     'actions = ["meld", "out"]\n'
     'point = "melds a turn"\n'
     '\n'
     '[[disputes]]\n'
     'rule = "BASIC-OUT"\n'
     'option = "out_discard_required"\n'
     'readings = [false, true]\n'
     'actions = ["meld", "layoff", "out"]\n'
     'point = "final discard to go out"\n'
     '\n'
     '[[disputes]]\n'
     'rule = "BASIC-LAYOFF"\n'
     'option = "layoff_before_meld"\n'
     'readings = [true, false]\n'
     'actions = ["layoff", "out"]\n'
     'point = "lay-offs before the first meld"\n'
     'opening = true\n'):
    {'name': 'basic',
     'title': 'Basic Rummy',
     'summary': 'one deck, 2-4 players, winner takes all',
     'rules': [{'id': 'BASIC-DECK',
                'text': 'One 52-card deck and 2 to 4 players; 10 cards each with two players, 7 '
                        'each with three or four.',
                'options': [{'name': 'decks',
                             'type': 'int',
                             'default': 1,
                             'min': 1,
                             'max': 1,
                             'help': 'number of decks'},
                            {'name': 'wild_rank',
                             'type': 'choice',
                             'default': 'none',
                             'choices': ['none'],
                             'help': 'no wild cards'},
                            {'name': 'min_players',
                             'type': 'int',
                             'default': 2,
                             'min': 2,
                             'max': 4,
                             'help': 'fewest players'},
                            {'name': 'max_players',
                             'type': 'int',
                             'default': 4,
                             'min': 2,
                             'max': 6,
                             'help': 'most players'},
                            {'name': 'hand_size',
                             'type': 'int',
                             'default': 10,
                             'min': 3,
                             'max': 13,
                             'help': 'cards dealt with two players'},
                            {'name': 'hand_size_many',
                             'type': 'int',
                             'default': 7,
                             'min': 3,
                             'max': 13,
                             'help': 'cards dealt with three or more players'}]},
               {'id': 'BASIC-RUN',
                'text': 'A run is three or more cards of one suit in sequence; the ace is low and '
                        'runs do not wrap.',
                'options': [{'name': 'ace',
                             'type': 'choice',
                             'default': 'low',
                             'choices': ['low', 'low_or_high'],
                             'help': "'low_or_high' lets the ace also end a run Q-K-A"}]},
               {'id': 'BASIC-SET',
                'text': 'A set is three or four cards of one rank (all different suits).',
                'options': [{'name': 'set_max',
                             'type': 'int_or_none',
                             'default': 4,
                             'min': 3,
                             'max': 4,
                             'help': 'largest set'},
                            {'name': 'set_duplicates',
                             'type': 'bool',
                             'default': False,
                             'help': 'one deck: no duplicates'}]},
               {'id': 'BASIC-TURN',
                'text': 'Draw from the stock or take the top discard, meld as many melds as you '
                        'like, lay off, then end with one discard.',
                'options': [{'name': 'melds_per_turn',
                             'type': 'choice',
                             'default': 'many',
                             'choices': ['many', 'one'],
                             'help': 'how many new melds a turn may lay down'}]},
               {'id': 'BASIC-LAYOFF',
                'text': 'Cards may be laid off on any meld on the table, whoever laid it, even '
                        'before the player has melded.',
                'options': [{'name': 'layoff_before_meld',
                             'type': 'bool',
                             'default': True,
                             'help': "lay-offs are allowed before the player's own first meld"}]},
               {'id': 'BASIC-DISCARD',
                'text': 'A card taken from the discard pile may not be discarded in the same '
                        'turn.'},
               {'id': 'BASIC-OUT',
                'text': 'A player with no cards left wins the hand; a final discard is allowed but '
                        'not required.',
                'options': [{'name': 'out_discard_required',
                             'type': 'bool',
                             'default': False,
                             'help': 'true: going out needs a final discard'}]},
               {'id': 'BASIC-STOCK',
                'text': 'When the stock runs out the discard pile is shuffled into a new stock '
                        'once; the second time the hand is a stalemate.',
                'options': [{'name': 'stock_reshuffles',
                             'type': 'int',
                             'default': 1,
                             'min': 0,
                             'max': 10,
                             'help': 'how often the discard pile becomes the stock'}]},
               {'id': 'BASIC-STALEMATE',
                'text': 'The hand is also a stalemate when no player can ever finish; a stalemate '
                        'scores nothing for anyone.'},
               {'id': 'BASIC-SCORE',
                'text': "Winner takes all: he scores the points left in the other players' hands; "
                        'faces 10, ace 1, other cards their rank.',
                'options': [{'name': 'ace_points',
                             'type': 'int',
                             'default': 1,
                             'min': 0,
                             'max': 100,
                             'help': 'points of an ace'},
                            {'name': 'face_points',
                             'type': 'int',
                             'default': 10,
                             'min': 0,
                             'max': 100,
                             'help': 'points of a J, Q or K'},
                            {'name': 'wild_points',
                             'type': 'int',
                             'default': 0,
                             'min': 0,
                             'max': 100,
                             'help': 'unused: basic rummy has no wilds'}]},
               {'id': 'BASIC-RUMMY',
                'text': 'Going out in one turn without having melded or laid off before doubles '
                        "the winner's points.",
                'options': [{'name': 'rummy_multiplier',
                             'type': 'int',
                             'default': 2,
                             'min': 1,
                             'max': 10,
                             'help': 'factor for going rummy'}]},
               {'id': 'BASIC-TARGET',
                'text': 'The game is won at 100 points with two players, 150 with three, 200 with '
                        'four.',
                'options': [{'name': 'target_2',
                             'type': 'int',
                             'default': 100,
                             'min': 1,
                             'max': 10000,
                             'help': 'target with two players'},
                            {'name': 'target_3',
                             'type': 'int',
                             'default': 150,
                             'min': 1,
                             'max': 10000,
                             'help': 'target with three players'},
                            {'name': 'target_4',
                             'type': 'int',
                             'default': 200,
                             'min': 1,
                             'max': 10000,
                             'help': 'target with four players'}]},
               {'id': 'BASIC-OPEN',
                'text': "Some tables require a player's first lay-down to be worth a minimum of "
                        'points.',
                'options': [{'name': 'opening_points',
                             'type': 'int',
                             'default': 0,
                             'min': 0,
                             'max': 200,
                             'help': 'minimum points of the first lay-down (31; 30, 40 and 51 are '
                                     'also played)'}]}],
     'disputes': [{'rule': 'BASIC-OPEN',
                   'option': 'opening_points',
                   'readings': [0, 31],
                   'actions': ['meld', 'layoff', 'out'],
                   'point': 'opening points',
                   'opening': True},
                  {'rule': 'BASIC-RUN',
                   'option': 'ace',
                   'readings': ['low', 'low_or_high'],
                   'actions': ['meld', 'layoff', 'out'],
                   'point': 'ace rank in runs'},
                  {'rule': 'BASIC-TURN',
                   'option': 'melds_per_turn',
                   'readings': ['many', 'one'],
                   'actions': ['meld', 'out'],
                   'point': 'melds a turn'},
                  {'rule': 'BASIC-OUT',
                   'option': 'out_discard_required',
                   'readings': [False, True],
                   'actions': ['meld', 'layoff', 'out'],
                   'point': 'final discard to go out'},
                  {'rule': 'BASIC-LAYOFF',
                   'option': 'layoff_before_meld',
                   'readings': [True, False],
                   'actions': ['layoff', 'out'],
                   'point': 'lay-offs before the first meld',
                   'opening': True}]},
    # bing.toml
    ('# Bing Rummy: the rules as data.  Each [[rules]] entry is one rule id of the rules\n'
     '# brief; its [[rules.options]] are the settings a house may change.  Option types:\n'
     '# int, bool, choice (one of `choices`), int_or_none ("none" switches the rule off).\n'
     'name = "bing"\n'
     'title = "Bing Rummy"\n'
     'summary = "two decks, deuces wild, 14 cards, 75-point limit"\n'
     '\n'
     '[[rules]]\n'
     'id = "BING-DECK"\n'
     'text = "Two 52-card decks without jokers; deuces are wild; 2 to 8 players."\n'
     'options = [\n'
     '  { name = "decks", type = "int", default = 2, min = 1, max = 4, help = "number of 52-card '
     'decks" },\n'
     '  { name = "wild_rank", type = "choice", default = "2", choices = ["2", "none"], help = "the '
     'rank that is wild (\'none\' plays without wilds)" },\n'
     '  { name = "min_players", type = "int", default = 2, min = 2, max = 8, help = "fewest '
     'players" },\n'
     '  { name = "max_players", type = "int", default = 8, min = 2, max = 8, help = "most players" '
     '},\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "BING-DEAL"\n'
     'text = "Each player gets 14 cards; the player on the dealer\'s right cuts for a deuce and '
     'keeps it if he finds one, then gets 13 more."\n'
     'options = [\n'
     '  { name = "hand_size", type = "int", default = 14, min = 3, max = 20, help = "cards dealt '
     'to each player" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "BING-TURN"\n'
     'text = "A turn is exactly one of: draw from the stock and discard; take the top discard and '
     'discard another card; meld."\n'
     '\n'
     '[[rules]]\n'
     'id = "BING-MELD-TURN"\n'
     'text = "A player may not meld in a turn in which he drew; a meld turn has no draw and no '
     'discard."\n'
     'options = [\n'
     '  { name = "meld_turn_discard", type = "bool", default = false, help = "true: a meld turn '
     'ends with a discard" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "BING-SET"\n'
     'text = "A set is three or more cards of one rank; duplicate cards from the two decks may sit '
     'in one set; a set has no size limit."\n'
     'options = [\n'
     '  { name = "set_max", type = "int_or_none", default = "none", min = 3, max = 16, help = '
     '"largest set (\'none\': no limit)" },\n'
     '  { name = "set_duplicates", type = "bool", default = true, help = "two identical cards may '
     'sit in one set" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "BING-RUN"\n'
     'text = "A run is three or more consecutive cards of one suit, one card per rank; the ace is '
     'low (A-2-3) or high (Q-K-A) but never both, and runs do not wrap (no K-A-2)."\n'
     'options = [\n'
     '  { name = "ace", type = "choice", default = "low_or_high", choices = ["low_or_high", "low", '
     '"high", "wrap"], help = "where the ace may sit in a run" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "BING-WILD"\n'
     'text = "A deuce may stand for any card, or simply be a 2; any number of wilds may sit in one '
     'meld."\n'
     'options = [\n'
     '  { name = "max_wilds", type = "int_or_none", default = "none", min = 0, max = 8, help = '
     '"most wild deuces in one meld (\'none\': no limit); every deuce counts unless the meld is '
     'all deuces" },\n'
     '  { name = "min_naturals", type = "int", default = 0, min = 0, max = 3, help = "fewest '
     'non-wild cards in one meld" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "BING-OPEN"\n'
     'text = "A player\'s first meld turn must lay down at least three melds (sets, runs or '
     'both)."\n'
     'options = [\n'
     '  { name = "opening_melds", type = "int", default = 3, min = 1, max = 6, help = "melds '
     'needed to open" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "BING-LAYOFF"\n'
     'text = "In the opening turn or any later meld turn a player may add cards to any meld on the '
     'table, whoever laid it."\n'
     'options = [\n'
     '  { name = "layoff_in_opening", type = "bool", default = true, help = "lay-offs are allowed '
     'in the opening turn itself" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "BING-LIMIT"\n'
     'text = "A player may not meld or lay off so that his running score plus the points left in '
     'his hand goes over the limit of 75."\n'
     'options = [\n'
     '  { name = "limit", type = "int", default = 75, min = 1, max = 1000, help = "the points '
     'limit" },\n'
     '  { name = "limit_strict", type = "bool", default = false, help = "true: score + hand must '
     'stay below the limit (default: at or below)" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "BING-LIMIT-HOLD"\n'
     'text = "After a player has melded, each later draw and discard must keep score plus hand '
     'within the limit (the source\'s wording is disputed: \'under\' or \'at most\')."\n'
     'options = [\n'
     '  { name = "hold_strict", type = "bool", default = false, help = "true: after melding, score '
     '+ hand must stay below the limit" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "BING-VALUES"\n'
     'text = "Points left in hand: 3 to 10 count their rank, J Q K count 10, the ace 15; a deuce '
     'counts 2."\n'
     'options = [\n'
     '  { name = "ace_points", type = "int", default = 15, min = 0, max = 100, help = "points of '
     'an ace left in hand" },\n'
     '  { name = "face_points", type = "int", default = 10, min = 0, max = 100, help = "points of '
     'a J, Q or K left in hand" },\n'
     '  { name = "wild_points", type = "int", default = 2, min = 0, max = 100, help = "points of a '
     'wild deuce left in hand (15, 20 and 25 are also played)" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "BING-OUT"\n'
     'text = "A player who has melded all his cards has gone out and the hand ends."\n'
     '\n'
     '[[rules]]\n'
     'id = "BING-SCORE"\n'
     'text = "Every other player adds the points left in his hand to his running score."\n'
     '\n'
     '[[rules]]\n'
     'id = "BING-BUST"\n'
     'text = "A running score above the limit (76 or more) puts a player out of the game."\n'
     '\n'
     '[[rules]]\n'
     'id = "BING-BUYBACK"\n'
     'text = "A busted player may buy back in at the highest score at or below the limit among the '
     'players still in."\n'
     'options = [\n'
     '  { name = "buyback", type = "bool", default = true, help = "busted players may buy back in" '
     '},\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "BING-WIN"\n'
     'text = "A player still at or below the limit wins when every other player is above it."\n'
     '\n'
     '[[rules]]\n'
     'id = "BING-STRATEGY"\n'
     'text = "Named strategies: early lay (open as soon as three melds are possible), common (wait '
     'for four melds), sandbagging (meld all cards at once)."\n'
     '\n'
     '# Disputed points of the rules brief: `check` re-judges a play under each other reading.\n'
     '# `actions`: the play words a dispute bears on; `opening`: it does not bear on a player who '
     'has opened.\n'
     '\n'
     '[[disputes]]\n'
     'rule = "BING-LIMIT"\n'
     'option = "limit_strict"\n'
     'readings = [true, false]\n'
     'actions = ["meld", "layoff", "out"]\n'
     'point = "limit strictness (< or <=)"\n'
     '\n'
     '[[disputes]]\n'
     'rule = "BING-OPEN"\n'
     'option = "opening_melds"\n'
     'readings = [1, 2, 3]\n'
     'actions = ["meld", "layoff", "out"]\n'
     'point = "melds needed to open"\n'
     'opening = true\n'
     '\n'
     '[[disputes]]\n'
     'rule = "BING-LAYOFF"\n'
     'option = "layoff_in_opening"\n'
     'readings = [false, true]\n'
     'actions = ["layoff", "out"]\n'
     'point = "lay-offs in the opening turn"\n'
     'opening = true\n'
     '\n'
     '[[disputes]]\n'
     'rule = "BING-MELD-TURN"\n'
     'option = "meld_turn_discard"\n'
     'readings = [true, false]\n'
     'actions = ["discard", "end"]\n'
     'point = "discard after a meld turn"\n'
     '\n'
     '[[disputes]]\n'
     'rule = "BING-LIMIT-HOLD"\n'
     'option = "hold_strict"\n'
     'readings = [true, false]\n'
     'actions = ["discard"]\n'
     'point = "limit strictness after melding"\n'
     '\n'
     '[[disputes]]\n'
     'rule = "BING-RUN"\n'
     'option = "ace"\n'
     'readings = ["low_or_high", "low", "high", "wrap"]\n'
     'actions = ["meld", "layoff", "out"]\n'
     'point = "ace rank in runs"\n'
     '\n'
     '[[disputes]]\n'
     'rule = "BING-VALUES"\n'
     'option = "wild_points"\n'
     'readings = [2, 15, 20, 25]\n'
     'actions = ["meld", "layoff", "out", "discard"]\n'
     'point = "value of a wild left in hand"\n'
     '\n'
     '[[disputes]]\n'
     'rule = "BING-WILD"\n'
     'option = "max_wilds"\n'
     'readings = ["none", 1]\n'
     'actions = ["meld", "layoff", "out"]\n'
     'point = "wilds per meld"\n'):
    {'name': 'bing',
     'title': 'Bing Rummy',
     'summary': 'two decks, deuces wild, 14 cards, 75-point limit',
     'rules': [{'id': 'BING-DECK',
                'text': 'Two 52-card decks without jokers; deuces are wild; 2 to 8 players.',
                'options': [{'name': 'decks',
                             'type': 'int',
                             'default': 2,
                             'min': 1,
                             'max': 4,
                             'help': 'number of 52-card decks'},
                            {'name': 'wild_rank',
                             'type': 'choice',
                             'default': '2',
                             'choices': ['2', 'none'],
                             'help': "the rank that is wild ('none' plays without wilds)"},
                            {'name': 'min_players',
                             'type': 'int',
                             'default': 2,
                             'min': 2,
                             'max': 8,
                             'help': 'fewest players'},
                            {'name': 'max_players',
                             'type': 'int',
                             'default': 8,
                             'min': 2,
                             'max': 8,
                             'help': 'most players'}]},
               {'id': 'BING-DEAL',
                'text': "Each player gets 14 cards; the player on the dealer's right cuts for a "
                        'deuce and keeps it if he finds one, then gets 13 more.',
                'options': [{'name': 'hand_size',
                             'type': 'int',
                             'default': 14,
                             'min': 3,
                             'max': 20,
                             'help': 'cards dealt to each player'}]},
               {'id': 'BING-TURN',
                'text': 'A turn is exactly one of: draw from the stock and discard; take the top '
                        'discard and discard another card; meld.'},
               {'id': 'BING-MELD-TURN',
                'text': 'A player may not meld in a turn in which he drew; a meld turn has no draw '
                        'and no discard.',
                'options': [{'name': 'meld_turn_discard',
                             'type': 'bool',
                             'default': False,
                             'help': 'true: a meld turn ends with a discard'}]},
               {'id': 'BING-SET',
                'text': 'A set is three or more cards of one rank; duplicate cards from the two '
                        'decks may sit in one set; a set has no size limit.',
                'options': [{'name': 'set_max',
                             'type': 'int_or_none',
                             'default': 'none',
                             'min': 3,
                             'max': 16,
                             'help': "largest set ('none': no limit)"},
                            {'name': 'set_duplicates',
                             'type': 'bool',
                             'default': True,
                             'help': 'two identical cards may sit in one set'}]},
               {'id': 'BING-RUN',
                'text': 'A run is three or more consecutive cards of one suit, one card per rank; '
                        'the ace is low (A-2-3) or high (Q-K-A) but never both, and runs do not '
                        'wrap (no K-A-2).',
                'options': [{'name': 'ace',
                             'type': 'choice',
                             'default': 'low_or_high',
                             'choices': ['low_or_high', 'low', 'high', 'wrap'],
                             'help': 'where the ace may sit in a run'}]},
               {'id': 'BING-WILD',
                'text': 'A deuce may stand for any card, or simply be a 2; any number of wilds may '
                        'sit in one meld.',
                'options': [{'name': 'max_wilds',
                             'type': 'int_or_none',
                             'default': 'none',
                             'min': 0,
                             'max': 8,
                             'help': "most wild deuces in one meld ('none': no limit); every deuce "
                                     'counts unless the meld is all deuces'},
                            {'name': 'min_naturals',
                             'type': 'int',
                             'default': 0,
                             'min': 0,
                             'max': 3,
                             'help': 'fewest non-wild cards in one meld'}]},
               {'id': 'BING-OPEN',
                'text': "A player's first meld turn must lay down at least three melds (sets, runs "
                        'or both).',
                'options': [{'name': 'opening_melds',
                             'type': 'int',
                             'default': 3,
                             'min': 1,
                             'max': 6,
                             'help': 'melds needed to open'}]},
               {'id': 'BING-LAYOFF',
                'text': 'In the opening turn or any later meld turn a player may add cards to any '
                        'meld on the table, whoever laid it.',
                'options': [{'name': 'layoff_in_opening',
                             'type': 'bool',
                             'default': True,
                             'help': 'lay-offs are allowed in the opening turn itself'}]},
               {'id': 'BING-LIMIT',
                'text': 'A player may not meld or lay off so that his running score plus the '
                        'points left in his hand goes over the limit of 75.',
                'options': [{'name': 'limit',
                             'type': 'int',
                             'default': 75,
                             'min': 1,
                             'max': 1000,
                             'help': 'the points limit'},
                            {'name': 'limit_strict',
                             'type': 'bool',
                             'default': False,
                             'help': 'true: score + hand must stay below the limit (default: at or '
                                     'below)'}]},
               {'id': 'BING-LIMIT-HOLD',
                'text': 'After a player has melded, each later draw and discard must keep score '
                        "plus hand within the limit (the source's wording is disputed: 'under' or "
                        "'at most').",
                'options': [{'name': 'hold_strict',
                             'type': 'bool',
                             'default': False,
                             'help': 'true: after melding, score + hand must stay below the '
                                     'limit'}]},
               {'id': 'BING-VALUES',
                'text': 'Points left in hand: 3 to 10 count their rank, J Q K count 10, the ace '
                        '15; a deuce counts 2.',
                'options': [{'name': 'ace_points',
                             'type': 'int',
                             'default': 15,
                             'min': 0,
                             'max': 100,
                             'help': 'points of an ace left in hand'},
                            {'name': 'face_points',
                             'type': 'int',
                             'default': 10,
                             'min': 0,
                             'max': 100,
                             'help': 'points of a J, Q or K left in hand'},
                            {'name': 'wild_points',
                             'type': 'int',
                             'default': 2,
                             'min': 0,
                             'max': 100,
                             'help': 'points of a wild deuce left in hand (15, 20 and 25 are also '
                                     'played)'}]},
               {'id': 'BING-OUT',
                'text': 'A player who has melded all his cards has gone out and the hand ends.'},
               {'id': 'BING-SCORE',
                'text': 'Every other player adds the points left in his hand to his running '
                        'score.'},
               {'id': 'BING-BUST',
                'text': 'A running score above the limit (76 or more) puts a player out of the '
                        'game.'},
               {'id': 'BING-BUYBACK',
                'text': 'A busted player may buy back in at the highest score at or below the '
                        'limit among the players still in.',
                'options': [{'name': 'buyback',
                             'type': 'bool',
                             'default': True,
                             'help': 'busted players may buy back in'}]},
               {'id': 'BING-WIN',
                'text': 'A player still at or below the limit wins when every other player is '
                        'above it.'},
               {'id': 'BING-STRATEGY',
                'text': 'Named strategies: early lay (open as soon as three melds are possible), '
                        'common (wait for four melds), sandbagging (meld all cards at once).'}],
     'disputes': [{'rule': 'BING-LIMIT',
                   'option': 'limit_strict',
                   'readings': [True, False],
                   'actions': ['meld', 'layoff', 'out'],
                   'point': 'limit strictness (< or <=)'},
                  {'rule': 'BING-OPEN',
                   'option': 'opening_melds',
                   'readings': [1, 2, 3],
                   'actions': ['meld', 'layoff', 'out'],
                   'point': 'melds needed to open',
                   'opening': True},
                  {'rule': 'BING-LAYOFF',
                   'option': 'layoff_in_opening',
                   'readings': [False, True],
                   'actions': ['layoff', 'out'],
                   'point': 'lay-offs in the opening turn',
                   'opening': True},
                  {'rule': 'BING-MELD-TURN',
                   'option': 'meld_turn_discard',
                   'readings': [True, False],
                   'actions': ['discard', 'end'],
                   'point': 'discard after a meld turn'},
                  {'rule': 'BING-LIMIT-HOLD',
                   'option': 'hold_strict',
                   'readings': [True, False],
                   'actions': ['discard'],
                   'point': 'limit strictness after melding'},
                  {'rule': 'BING-RUN',
                   'option': 'ace',
                   'readings': ['low_or_high', 'low', 'high', 'wrap'],
                   'actions': ['meld', 'layoff', 'out'],
                   'point': 'ace rank in runs'},
                  {'rule': 'BING-VALUES',
                   'option': 'wild_points',
                   'readings': [2, 15, 20, 25],
                   'actions': ['meld', 'layoff', 'out', 'discard'],
                   'point': 'value of a wild left in hand'},
                  {'rule': 'BING-WILD',
                   'option': 'max_wilds',
                   'readings': ['none', 1],
                   'actions': ['meld', 'layoff', 'out'],
                   'point': 'wilds per meld'}]},
    # gin.toml
    ('# Gin Rummy: the rules as data (see bing.toml for the format).  The values are the\n'
     '# modern preset; [presets.classic] lists what the classic preset changes.\n'
     'name = "gin"\n'
     'title = "Gin Rummy"\n'
     'summary = "one deck, two players, knock at 10"\n'
     '\n'
     '[presets.modern]\n'
     '\n'
     '[presets.classic]\n'
     'undercut_bonus = 10\n'
     'gin_bonus = 20\n'
     'big_gin_bonus = 0\n'
     'box_bonus = 20\n'
     'shutout_doubles = true\n'
     '\n'
     "# OpenSpiel's gin_rummy (docs/openspiel.md): one hand scored on its own, its own wall,\n"
     '# endings and lay-off shapes.  `rummycheck import openspiel` writes records under this\n'
     "# preset, adding knock_limit, gin_bonus, undercut_bonus and oklahoma from the game's "
     'parameters.\n'
     '[presets.openspiel]\n'
     'undercut_on_tie = false\n'
     'big_gin_bonus = 0\n'
     'discard_taken = true\n'
     'wall_take_knocks = true\n'
     'upcard_draw_limit = 50\n'
     'throwback_limit = 2\n'
     'oklahoma_spade_doubles = false\n'
     'layoff_run_growth = 2\n'
     'game_target = 10000\n'
     'game_bonus = 0\n'
     'box_bonus = 0\n'
     '\n'
     '[[rules]]\n'
     'id = "GIN-DEAL"\n'
     'text = "52 cards, two players, 10 cards each; the 21st card is turned up to start the '
     'discard pile."\n'
     'options = [\n'
     '  { name = "decks", type = "int", default = 1, min = 1, max = 1, help = "number of decks" '
     '},\n'
     '  { name = "wild_rank", type = "choice", default = "none", choices = ["none"], help = "no '
     'wild cards" },\n'
     '  { name = "min_players", type = "int", default = 2, min = 2, max = 2, help = "players" },\n'
     '  { name = "max_players", type = "int", default = 2, min = 2, max = 2, help = "players" },\n'
     '  { name = "hand_size", type = "int", default = 10, min = 3, max = 13, help = "cards dealt '
     'to each player" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "GIN-MELD"\n'
     'text = "Sets of 3 or 4 cards of one rank, runs of 3 or more of one suit; the ace is low only '
     'and runs do not wrap; ace counts 1, faces 10."\n'
     'options = [\n'
     '  { name = "ace", type = "choice", default = "low", choices = ["low", "low_or_high"], help = '
     '"where the ace may sit in a run" },\n'
     '  { name = "set_max", type = "int_or_none", default = 4, min = 3, max = 4, help = "largest '
     'set" },\n'
     '  { name = "set_duplicates", type = "bool", default = false, help = "one deck: no '
     'duplicates" },\n'
     '  { name = "ace_points", type = "int", default = 1, min = 0, max = 100, help = "points of an '
     'ace" },\n'
     '  { name = "face_points", type = "int", default = 10, min = 0, max = 100, help = "points of '
     'a J, Q or K" },\n'
     '  { name = "wild_points", type = "int", default = 0, min = 0, max = 100, help = "unused: gin '
     'has no wilds" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "GIN-TURN"\n'
     'text = "Draw from the stock or the discard pile, then discard; a card taken from the discard '
     'pile may not be thrown back in the same turn."\n'
     'options = [\n'
     '  { name = "discard_taken", type = "bool", default = false, help = "the card just taken from '
     'the discard pile may be thrown back (or discarded with a knock) in the same turn '
     '(OpenSpiel)" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "GIN-KNOCK"\n'
     'text = "After discarding, a player whose deadwood is 10 or less may knock."\n'
     'options = [\n'
     '  { name = "knock_limit", type = "int", default = 10, min = 0, max = 100, help = "most '
     'deadwood a knock allows (inclusive)" },\n'
     '  { name = "oklahoma", type = "bool", default = false, help = "the first upcard sets the '
     'knock limit (ace: gin only); a spade upcard doubles the hand" },\n'
     '  { name = "oklahoma_spade_doubles", type = "bool", default = true, help = "under Oklahoma a '
     'spade upcard doubles the hand\'s score (false in OpenSpiel)" },\n'
     '  { name = "oklahoma_ace", type = "choice", default = "gin", choices = ["gin", "one"], help '
     '= "Oklahoma with an ace upcard: \'gin\' the hand is played to gin (standard), \'one\' a '
     'knock limit of 1" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "GIN-LAYOFF"\n'
     'text = "After a knock the defender lays off deadwood on the knocker\'s melds; never after '
     'gin."\n'
     'options = [\n'
     '  { name = "layoff_run_growth", type = "int_or_none", default = "none", min = 1, max = 13, '
     'help = "most cards the lay-offs add at each end of one of the knocker\'s runs (none: no '
     'limit; OpenSpiel 2)" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "GIN-SCORE"\n'
     'text = "The knocker scores the difference between the two deadwood counts."\n'
     '\n'
     '[[rules]]\n'
     'id = "GIN-UNDERCUT"\n'
     'text = "A defender whose deadwood is no more than the knocker\'s scores the difference plus '
     'a bonus."\n'
     'options = [\n'
     '  { name = "undercut_bonus", type = "int", default = 25, min = 0, max = 100, help = '
     '"undercut bonus (classic 10)" },\n'
     '  { name = "undercut_on_tie", type = "bool", default = true, help = "equal deadwood counts '
     'as an undercut" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "GIN-GIN"\n'
     'text = "Deadwood 0 is gin: a bonus plus the defender\'s whole deadwood, with no lay-offs."\n'
     'options = [\n'
     '  { name = "gin_bonus", type = "int", default = 25, min = 0, max = 100, help = "gin bonus '
     '(classic 20)" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "GIN-BIGGIN"\n'
     'text = "All 11 cards melded without a discard is big gin."\n'
     'options = [\n'
     '  { name = "big_gin_bonus", type = "int", default = 31, min = 0, max = 100, help = "big gin '
     'bonus (0: not played, as in classic and OpenSpiel: an eleven-card gin still discards and '
     'scores as gin)" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "GIN-DEAD"\n'
     'text = "When two cards are left in the stock and nobody has knocked, the hand is dead and '
     'scores nothing."\n'
     'options = [\n'
     '  { name = "dead_stock", type = "int", default = 2, min = 0, max = 10, help = "stock size at '
     'which the hand is dead" },\n'
     '  { name = "wall_take_knocks", type = "bool", default = false, help = "at the wall the next '
     'player may only pass (a dead hand) or take the discard and knock with it (OpenSpiel)" },\n'
     '  { name = "upcard_draw_limit", type = "int_or_none", default = "none", min = 1, max = 1000, '
     'help = "the hand is dead when a player takes the discard for this many times (the first '
     'upcard and a knock at the wall do not count; the last take is not made; OpenSpiel 50)" },\n'
     '  { name = "throwback_limit", type = "int_or_none", default = "none", min = 1, max = 100, '
     'help = "the hand is dead when this many discards in a row are each the card just taken '
     '(OpenSpiel 2: each player throws the upcard straight back)" },\n'
     ']\n'
     '\n'
     '[[rules]]\n'
     'id = "GIN-GAME"\n'
     'text = "The game goes to 100; the winner gets a game bonus of 100 and a box bonus of 25 for '
     'each hand won."\n'
     'options = [\n'
     '  { name = "game_target", type = "int", default = 100, min = 1, max = 10000, help = "points '
     'that win the game (OpenSpiel scores one hand alone: 10000)" },\n'
     '  { name = "game_bonus", type = "int", default = 100, min = 0, max = 1000, help = "bonus for '
     'winning the game" },\n'
     '  { name = "box_bonus", type = "int", default = 25, min = 0, max = 100, help = "bonus per '
     'hand won (classic 20)" },\n'
     '  { name = "shutout_doubles", type = "bool", default = false, help = "a shutout doubles the '
     'winner\'s total" },\n'
     ']\n'
     '\n'
     '# Disputed points of the rules brief: `check` re-judges a play under each other reading.\n'
     '# `actions`: the play words a dispute bears on; `opening`: it does not bear on a player who '
     'has opened;\n'
     '# `nearest`: besides the readings listed, the nearest value of the option that changes the '
     'verdict.\n'
     '\n'
     '[[disputes]]\n'
     'rule = "GIN-KNOCK"\n'
     'option = "knock_limit"\n'
     'readings = [10]\n'
     'nearest = true\n'
     'actions = ["knock"]\n'
     'point = "knock limit"\n'
     '\n'
     '[[disputes]]\n'
     'rule = "GIN-KNOCK"\n'
     'option = "oklahoma"\n'
     'readings = [false, true]\n'
     'actions = ["knock"]\n'
     'point = "Oklahoma: the first upcard sets the knock limit"\n'
     '\n'
     '[[disputes]]\n'
     'rule = "GIN-KNOCK"\n'
     'option = "oklahoma_ace"\n'
     'readings = ["gin", "one"]\n'
     'actions = ["knock"]\n'
     'point = "Oklahoma with an ace upcard: gin only or a knock limit of 1"\n'
     '\n'
     '[[disputes]]\n'
     'rule = "GIN-MELD"\n'
     'option = "ace"\n'
     'readings = ["low", "low_or_high"]\n'
     'actions = ["knock", "meld", "layoff"]\n'
     'point = "ace rank in runs"\n'
     '\n'
     '[[disputes]]\n'
     'rule = "GIN-BIGGIN"\n'
     'option = "big_gin_bonus"\n'
     'readings = [31, 0]\n'
     'actions = ["knock"]\n'
     'point = "big gin played or not"\n'):
    {'name': 'gin',
     'title': 'Gin Rummy',
     'summary': 'one deck, two players, knock at 10',
     'presets': {'modern': {},
                 'classic': {'undercut_bonus': 10,
                             'gin_bonus': 20,
                             'big_gin_bonus': 0,
                             'box_bonus': 20,
                             'shutout_doubles': True},
                 'openspiel': {'undercut_on_tie': False,
                               'big_gin_bonus': 0,
                               'discard_taken': True,
                               'wall_take_knocks': True,
                               'upcard_draw_limit': 50,
                               'throwback_limit': 2,
                               'oklahoma_spade_doubles': False,
                               'layoff_run_growth': 2,
                               'game_target': 10000,
                               'game_bonus': 0,
                               'box_bonus': 0}},
     'rules': [{'id': 'GIN-DEAL',
                'text': '52 cards, two players, 10 cards each; the 21st card is turned up to start '
                        'the discard pile.',
                'options': [{'name': 'decks',
                             'type': 'int',
                             'default': 1,
                             'min': 1,
                             'max': 1,
                             'help': 'number of decks'},
                            {'name': 'wild_rank',
                             'type': 'choice',
                             'default': 'none',
                             'choices': ['none'],
                             'help': 'no wild cards'},
                            {'name': 'min_players',
                             'type': 'int',
                             'default': 2,
                             'min': 2,
                             'max': 2,
                             'help': 'players'},
                            {'name': 'max_players',
                             'type': 'int',
                             'default': 2,
                             'min': 2,
                             'max': 2,
                             'help': 'players'},
                            {'name': 'hand_size',
                             'type': 'int',
                             'default': 10,
                             'min': 3,
                             'max': 13,
                             'help': 'cards dealt to each player'}]},
               {'id': 'GIN-MELD',
                'text': 'Sets of 3 or 4 cards of one rank, runs of 3 or more of one suit; the ace '
                        'is low only and runs do not wrap; ace counts 1, faces 10.',
                'options': [{'name': 'ace',
                             'type': 'choice',
                             'default': 'low',
                             'choices': ['low', 'low_or_high'],
                             'help': 'where the ace may sit in a run'},
                            {'name': 'set_max',
                             'type': 'int_or_none',
                             'default': 4,
                             'min': 3,
                             'max': 4,
                             'help': 'largest set'},
                            {'name': 'set_duplicates',
                             'type': 'bool',
                             'default': False,
                             'help': 'one deck: no duplicates'},
                            {'name': 'ace_points',
                             'type': 'int',
                             'default': 1,
                             'min': 0,
                             'max': 100,
                             'help': 'points of an ace'},
                            {'name': 'face_points',
                             'type': 'int',
                             'default': 10,
                             'min': 0,
                             'max': 100,
                             'help': 'points of a J, Q or K'},
                            {'name': 'wild_points',
                             'type': 'int',
                             'default': 0,
                             'min': 0,
                             'max': 100,
                             'help': 'unused: gin has no wilds'}]},
               {'id': 'GIN-TURN',
                'text': 'Draw from the stock or the discard pile, then discard; a card taken from '
                        'the discard pile may not be thrown back in the same turn.',
                'options': [{'name': 'discard_taken',
                             'type': 'bool',
                             'default': False,
                             'help': 'the card just taken from the discard pile may be thrown back '
                                     '(or discarded with a knock) in the same turn (OpenSpiel)'}]},
               {'id': 'GIN-KNOCK',
                'text': 'After discarding, a player whose deadwood is 10 or less may knock.',
                'options': [{'name': 'knock_limit',
                             'type': 'int',
                             'default': 10,
                             'min': 0,
                             'max': 100,
                             'help': 'most deadwood a knock allows (inclusive)'},
                            {'name': 'oklahoma',
                             'type': 'bool',
                             'default': False,
                             'help': 'the first upcard sets the knock limit (ace: gin only); a '
                                     'spade upcard doubles the hand'},
                            {'name': 'oklahoma_spade_doubles',
                             'type': 'bool',
                             'default': True,
                             'help': "under Oklahoma a spade upcard doubles the hand's score "
                                     '(false in OpenSpiel)'},
                            {'name': 'oklahoma_ace',
                             'type': 'choice',
                             'default': 'gin',
                             'choices': ['gin', 'one'],
                             'help': "Oklahoma with an ace upcard: 'gin' the hand is played to gin "
                                     "(standard), 'one' a knock limit of 1"}]},
               {'id': 'GIN-LAYOFF',
                'text': "After a knock the defender lays off deadwood on the knocker's melds; "
                        'never after gin.',
                'options': [{'name': 'layoff_run_growth',
                             'type': 'int_or_none',
                             'default': 'none',
                             'min': 1,
                             'max': 13,
                             'help': 'most cards the lay-offs add at each end of one of the '
                                     "knocker's runs (none: no limit; OpenSpiel 2)"}]},
               {'id': 'GIN-SCORE',
                'text': 'The knocker scores the difference between the two deadwood counts.'},
               {'id': 'GIN-UNDERCUT',
                'text': "A defender whose deadwood is no more than the knocker's scores the "
                        'difference plus a bonus.',
                'options': [{'name': 'undercut_bonus',
                             'type': 'int',
                             'default': 25,
                             'min': 0,
                             'max': 100,
                             'help': 'undercut bonus (classic 10)'},
                            {'name': 'undercut_on_tie',
                             'type': 'bool',
                             'default': True,
                             'help': 'equal deadwood counts as an undercut'}]},
               {'id': 'GIN-GIN',
                'text': "Deadwood 0 is gin: a bonus plus the defender's whole deadwood, with no "
                        'lay-offs.',
                'options': [{'name': 'gin_bonus',
                             'type': 'int',
                             'default': 25,
                             'min': 0,
                             'max': 100,
                             'help': 'gin bonus (classic 20)'}]},
               {'id': 'GIN-BIGGIN',
                'text': 'All 11 cards melded without a discard is big gin.',
                'options': [{'name': 'big_gin_bonus',
                             'type': 'int',
                             'default': 31,
                             'min': 0,
                             'max': 100,
                             'help': 'big gin bonus (0: not played, as in classic and OpenSpiel: '
                                     'an eleven-card gin still discards and scores as gin)'}]},
               {'id': 'GIN-DEAD',
                'text': 'When two cards are left in the stock and nobody has knocked, the hand is '
                        'dead and scores nothing.',
                'options': [{'name': 'dead_stock',
                             'type': 'int',
                             'default': 2,
                             'min': 0,
                             'max': 10,
                             'help': 'stock size at which the hand is dead'},
                            {'name': 'wall_take_knocks',
                             'type': 'bool',
                             'default': False,
                             'help': 'at the wall the next player may only pass (a dead hand) or '
                                     'take the discard and knock with it (OpenSpiel)'},
                            {'name': 'upcard_draw_limit',
                             'type': 'int_or_none',
                             'default': 'none',
                             'min': 1,
                             'max': 1000,
                             'help': 'the hand is dead when a player takes the discard for this '
                                     'many times (the first upcard and a knock at the wall do not '
                                     'count; the last take is not made; OpenSpiel 50)'},
                            {'name': 'throwback_limit',
                             'type': 'int_or_none',
                             'default': 'none',
                             'min': 1,
                             'max': 100,
                             'help': 'the hand is dead when this many discards in a row are each '
                                     'the card just taken (OpenSpiel 2: each player throws the '
                                     'upcard straight back)'}]},
               {'id': 'GIN-GAME',
                'text': 'The game goes to 100; the winner gets a game bonus of 100 and a box bonus '
                        'of 25 for each hand won.',
                'options': [{'name': 'game_target',
                             'type': 'int',
                             'default': 100,
                             'min': 1,
                             'max': 10000,
                             'help': 'points that win the game (OpenSpiel scores one hand alone: '
                                     '10000)'},
                            {'name': 'game_bonus',
                             'type': 'int',
                             'default': 100,
                             'min': 0,
                             'max': 1000,
                             'help': 'bonus for winning the game'},
                            {'name': 'box_bonus',
                             'type': 'int',
                             'default': 25,
                             'min': 0,
                             'max': 100,
                             'help': 'bonus per hand won (classic 20)'},
                            {'name': 'shutout_doubles',
                             'type': 'bool',
                             'default': False,
                             'help': "a shutout doubles the winner's total"}]}],
     'disputes': [{'rule': 'GIN-KNOCK',
                   'option': 'knock_limit',
                   'readings': [10],
                   'nearest': True,
                   'actions': ['knock'],
                   'point': 'knock limit'},
                  {'rule': 'GIN-KNOCK',
                   'option': 'oklahoma',
                   'readings': [False, True],
                   'actions': ['knock'],
                   'point': 'Oklahoma: the first upcard sets the knock limit'},
                  {'rule': 'GIN-KNOCK',
                   'option': 'oklahoma_ace',
                   'readings': ['gin', 'one'],
                   'actions': ['knock'],
                   'point': 'Oklahoma with an ace upcard: gin only or a knock limit of 1'},
                  {'rule': 'GIN-MELD',
                   'option': 'ace',
                   'readings': ['low', 'low_or_high'],
                   'actions': ['knock', 'meld', 'layoff'],
                   'point': 'ace rank in runs'},
                  {'rule': 'GIN-BIGGIN',
                   'option': 'big_gin_bonus',
                   'readings': [31, 0],
                   'actions': ['knock'],
                   'point': 'big gin played or not'}]},
}
