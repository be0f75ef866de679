package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func parseSquare(name string) (int, int, bool) {
	if len(name) != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8' {
		return 0, 0, false
	}
	return int(name[0] - 'a'), int(name[1] - '0'), true
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func kingMoves(a, b string) int {
	f1, r1, ok1 := parseSquare(a)
	f2, r2, ok2 := parseSquare(b)
	if !ok1 || !ok2 {
		return -1
	}
	if df, dr := abs(f1-f2), abs(r1-r2); df > dr {
		return df
	} else {
		return dr
	}
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	q, _ := strconv.Atoi(sc.Text())
	for i := 0; i < q; i++ {
		sc.Scan()
		a := sc.Text()
		sc.Scan()
		if moves := kingMoves(a, sc.Text()); moves < 0 {
			fmt.Println("invalid")
		} else {
			fmt.Println(moves)
		}
	}
}
