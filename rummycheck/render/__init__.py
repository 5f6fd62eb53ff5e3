"""Output: every text, JSON and HTML rendering of the library's values (the one renderer).

``text`` holds the terminal text of solutions, rules tables, cross-checks and reviews;
``html`` the self-contained HTML pages (``docs/html.md``), drawn from the steps that
``frames`` takes from a replay.
"""
