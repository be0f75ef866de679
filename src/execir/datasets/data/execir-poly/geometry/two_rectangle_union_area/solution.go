package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func minMax(a, b int64) (int64, int64) {
	if a > b {
		return b, a
	}
	return a, b
}

func unionArea(v [8]int64) int64 {
	ax1, ax2 := minMax(v[0], v[2])
	ay1, ay2 := minMax(v[1], v[3])
	bx1, bx2 := minMax(v[4], v[6])
	by1, by2 := minMax(v[5], v[7])
	overlap := func(lo1, hi1, lo2, hi2 int64) int64 {
		lo, hi := lo1, hi1
		if lo2 > lo {
			lo = lo2
		}
		if hi2 < hi {
			hi = hi2
		}
		if hi < lo {
			return 0
		}
		return hi - lo
	}
	inter := overlap(ax1, ax2, bx1, bx2) * overlap(ay1, ay2, by1, by2)
	return (ax2-ax1)*(ay2-ay1) + (bx2-bx1)*(by2-by1) - inter
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	next := func() int64 {
		sc.Scan()
		v, _ := strconv.ParseInt(sc.Text(), 10, 64)
		return v
	}
	q := int(next())
	for i := 0; i < q; i++ {
		var v [8]int64
		for j := range v {
			v[j] = next()
		}
		fmt.Println(unionArea(v))
	}
}
