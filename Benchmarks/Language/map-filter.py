# map-filter.bind's work in CPython: list comprehensions over 10,000
# elements, 50 times each.
def main():
    xs = list(range(10_000))
    kept = 0
    mapped = 0
    for _ in range(50):
        doubled = [x * 2 for x in xs]
        evens = [x for x in xs if x % 2 == 0]
        mapped += len(doubled)
        kept += len(evens)
    print(mapped, kept)


main()
