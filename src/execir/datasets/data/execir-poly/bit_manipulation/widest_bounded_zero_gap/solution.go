package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func widestGap(n int64) int {
	best := 0
	gap := -1
	for n > 0 {
		if n&1 == 1 {
			if gap > best {
				best = gap
			}
			gap = 0
		} else if gap >= 0 {
			gap++
		}
		n >>= 1
	}
	return best
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	q, _ := strconv.Atoi(sc.Text())
	for i := 0; i < q; i++ {
		sc.Scan()
		n, _ := strconv.ParseInt(sc.Text(), 10, 64)
		fmt.Println(widestGap(n))
	}
}
