# ruff: noqa: E501 (quoted rule-text sources are kept on one line each)
"""Worked scoring examples found in the rule texts (/work/shared/rules/) and RULES.md.

Each entry is one concrete hand in the engine's JSON input format, with the
scores expected from it. Where a text's own number disagrees with the FFT
formula and no named variant explains it, `expected` holds the FFT result and
`note` says what the text printed. Where a text leaves part of the hand unstated
(oudlers, contract, who showed a poignée), the value chosen is named in `note`.
"""

NO_CHELEM = {"announced": False, "made_by": None}


def _hand(
    players,
    contract,
    oudlers,
    points,
    *,
    petit_au_bout=None,
    poignees=(),
    miseres=(),
    rules="fft",
    partner=None,
):
    return {
        "players": list(players),
        "taker": "A",
        "contract": contract,
        "partner": partner,
        "oudlers": oudlers,
        "points": points,
        "petit_au_bout": petit_au_bout,
        "poignees": [dict(p) for p in poignees],
        "chelem": dict(NO_CHELEM),
        "miseres": [dict(m) for m in miseres],
        "rules": rules,
    }


FOUR = ("A", "B", "C", "D")


EXAMPLES: list[dict] = [
    # ------------------------------------------------------------------ Finnish
    {
        "id": "fi-garde-2-oudlers-56",
        "source": "000 Finnish: 'Pelinviejä tarjoaa garden ja saa 56 korttipistettä ja kaksi päätyvalttia. "
        "... Muut pelaajat maksavat pelinviejälle (25 + (56 – 41)) * 2 = 80 pistettä.'",
        "hand": _hand(FOUR, "garde", 2, 56),
        "expected": {"scores": {"A": 240, "B": -80, "C": -80, "D": -80}, "made": True, "value": 80},
        "note": "Text gives only the per-defender value 80; scores from the 4-player share-out.",
    },
    {
        "id": "fi-garde-2-oudlers-40-pab-defence",
        "source": "000 Finnish: 'garden ja saa 40 korttipistettä kahdella päätyvaltilla. Vastapuoli vie valttien "
        "ykkösen viimeisessä jaossa. ... (25 + (41 – 40) + 10) * 2 = 72 pistettä.'",
        "hand": _hand(FOUR, "garde", 2, 40, petit_au_bout="defence"),
        "expected": {"scores": {"A": -216, "B": 72, "C": 72, "D": 72}, "made": False, "value": -72},
        "note": "Text says the taker pays each other player 72; 'viimeisessä jaossa' (last deal) "
        "means the last trick. Scores from the 4-player share-out.",
    },
    {
        "id": "fi-garde-3-oudlers-40-defence-poignee",
        "source": "000 Finnish: 'garden ja saa 40 korttipistettä kolmella päätyvaltilla ... Vastapuoli julistaa "
        "10 valtin poignéen (20 pistettä). ... (25 + (40 – 36) * 2 + 20 = 78 pistettä.'",
        "hand": _hand(FOUR, "garde", 3, 40, poignees=[{"player": "B", "size": "simple"}]),
        "expected": {"scores": {"A": 234, "B": -78, "C": -78, "D": -78}, "made": True, "value": 78},
        "note": "The defence (here B) shows the simple poignée but the taker wins the hand, so the taker "
        "camp gets its 20. Text's formula has an unbalanced parenthesis: "
        "'(25 + (40 – 36) * 2 + 20'; meant ((25 + 4) * 2) + 20 = 78.",
    },
    # ------------------------------------------------------------------ English
    {
        "id": "en-garde-sans-margin-12-simple-poignee",
        "source": "002 English: 'a Garde Sans bid with a simple handful won by player A by a margin of 12 points "
        "gives the following hand score : ((25 + 12 + 0) * 4) + 10 + 0 = 158 points.'",
        "hand": _hand(FOUR, "garde_sans", 2, 53, poignees=[{"player": "A", "size": "simple"}]),
        "expected": {
            "scores": {"A": 504, "B": -168, "C": -168, "D": -168},
            "made": True,
            "value": 168,
        },
        "note": "TEXT DISAGREES WITH FFT: it adds 10 for the simple handful and prints 158 (A 474, B/C/D -158), "
        "although its own Poignée section says a single handful adds 20. No variant gives a 10-point "
        "simple poignée, so expected is FFT: 37*4 + 20 = 168. Oudlers/points not stated (only "
        "'margin of 12'): 2 oudlers, 53 points chosen. Who showed the handful is not stated: A chosen "
        "(irrelevant to the result).",
    },
    {
        "id": "en-garde-sans-margin-12-simple-poignee-round-10",
        "source": "002 English: 'Some players prefer to round the scores to the nearest 10 points ... the "
        "defenders' scores should be rounded and the taker's score adjusted ... make the taker's score 480'",
        "hand": _hand(
            FOUR,
            "garde_sans",
            2,
            53,
            poignees=[{"player": "A", "size": "simple"}],
            rules="fft_round_10",
        ),
        "expected": {
            "scores": {"A": 510, "B": -170, "C": -170, "D": -170},
            "made": True,
            "value": 170,
        },
        "note": "Same hand as en-garde-sans-margin-12-simple-poignee with per-defender rounding to 10. "
        "Text rounds its (wrong) 158 to 160 and gives B/C/D -160, A 480; with the FFT value 168 "
        "the rounded value is 170, taker 510. 'value' is the rounded per-defender value.",
    },
    {
        "id": "en-misere-4-players-30-minus-10",
        "source": "002 English: 'the player can declare Misère, which gives the declarer 30 points and "
        "subtracts 10 from the other players scores.'",
        "hand": _hand(
            FOUR, "prise", 1, 51, miseres=[{"player": "B", "size": "simple"}], rules="misere"
        ),
        "expected": {"scores": {"A": 65, "B": 5, "C": -35, "D": -35}, "made": True, "value": 25},
        "note": "The text gives only the misère transfer (declarer +30, each other player -10, 4 players), "
        "no hand. The hand (prise, 1 oudler, 51 points: juste fait, value 25 -> A +75, B/C/D -25) "
        "is INVENTED to host it; misère by defender B, outside the multiplier and the value: "
        "A 75-10=65, B -25+30=5, C/D -25-10=-35. Misère entry format {'player','size'} is a guess.",
    },
    # ----------------------------------------------------------------- Japanese
    {
        "id": "ja-margin-2-oudlers-52",
        "source": "003 Japanese: '例えば、デクレアラーがウドレの2枚を取って、52点をとったならば、$S = 11$'",
        "hand": _hand(FOUR, "prise", 2, 52),
        "expected": {"scores": {"A": 108, "B": -36, "C": -36, "D": -36}, "made": True, "value": 36},
        "note": "Text computes only the margin S = 11 (52 - 41). Contract not stated: prise chosen, "
        "4 players (the text's base game): 25 + 11 = 36.",
    },
    {
        "id": "ja-margin-1-oudler-45",
        "source": "003 Japanese: 'デクレアラーがウドレの1枚をとって、45点をとったならば$S = 6$です。'",
        "hand": _hand(FOUR, "prise", 1, 45),
        "expected": {"scores": {"A": -93, "B": 31, "C": 31, "D": 31}, "made": False, "value": -31},
        "note": "Text computes only the margin S = 6 (51 - 45, contract failed). Contract not stated: "
        "prise chosen, 4 players: -(25 + 6) = -31.",
    },
    {
        "id": "ja-target-petit-excuse-41",
        "source": "003 Japanese: 'デクレアラーがIOをプレイでとって、XXIを取ることができなかった場合、 "
        "IOの9点とは別に、さらに32点取らなければプレイに成功できません。'",
        "hand": _hand(FOUR, "prise", 2, 41),
        "expected": {"scores": {"A": 75, "B": -25, "C": -25, "D": -25}, "made": True, "value": 25},
        "note": "Text gives only the target: Petit + Excuse (9 points) need 32 more = 41. Hand built at "
        "exactly 41 points (juste fait, margin 0); contract not stated, prise chosen, 4 players.",
    },
    # ---------------------------------------------------------------- RULES.md
    {
        "id": "rules-garde-2-oudlers-56",
        "source": "RULES.md: 'Garde, 2 oudlers, 56 points: (25 + 15) x 2 = 80. Taker +240, defenders -80.'",
        "hand": _hand(FOUR, "garde", 2, 56),
        "expected": {"scores": {"A": 240, "B": -80, "C": -80, "D": -80}, "made": True, "value": 80},
        "note": "Same hand as fi-garde-2-oudlers-56.",
    },
    {
        "id": "rules-garde-2-oudlers-40-pab-defence",
        "source": "RULES.md: 'Garde, 2 oudlers, 40 points, defence has petit au bout: (25 + 1 + 10) x 2 = 72. "
        "Taker -216, defenders +72.'",
        "hand": _hand(FOUR, "garde", 2, 40, petit_au_bout="defence"),
        "expected": {"scores": {"A": -216, "B": 72, "C": 72, "D": 72}, "made": False, "value": -72},
        "note": "Same hand as fi-garde-2-oudlers-40-pab-defence.",
    },
    {
        "id": "rules-garde-3-oudlers-40-defence-poignee",
        "source": "RULES.md: 'Garde, 3 oudlers, 40 points, a defender shows a simple poignée: "
        "(25 + 4) x 2 + 20 = 78. Taker +234, defenders -78.'",
        "hand": _hand(FOUR, "garde", 3, 40, poignees=[{"player": "B", "size": "simple"}]),
        "expected": {"scores": {"A": 234, "B": -78, "C": -78, "D": -78}, "made": True, "value": 78},
        "note": "Same hand as fi-garde-3-oudlers-40-defence-poignee.",
    },
]
