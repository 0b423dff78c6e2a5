# dictionary-insert.bind's loop in CPython: 10⁵ inserts into a dict.
def main():
    d = {}
    for i in range(100_000):
        d[i] = i * 2
    print(len(d), d[99_999])


main()
