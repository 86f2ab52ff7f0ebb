"""Tools that drive a running Kobo from the outside: the bank-workload fault test and benchmarks."""
