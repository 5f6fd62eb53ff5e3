from rummycheck.cli import main

main()
