# append-typed.bind's loop in CPython: 10⁶ appends to a list.
def main():
    a = []
    for i in range(1_000_000):
        a.append(i)
    print(len(a), a[999_999])


main()
