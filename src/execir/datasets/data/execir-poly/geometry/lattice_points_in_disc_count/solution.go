package main

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strconv"
)

func isqrtExact(v int64) int64 {
	h := int64(math.Sqrt(float64(v)))
	for h*h > v {
		h--
	}
	for (h+1)*(h+1) <= v {
		h++
	}
	return h
}

func discPoints(r int64) int64 {
	if r < 0 {
		return -1
	}
	var total int64
	for x := -r; x <= r; x++ {
		total += 2*isqrtExact(r*r-x*x) + 1
	}
	return total
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	q, _ := strconv.Atoi(sc.Text())
	for i := 0; i < q; i++ {
		sc.Scan()
		r, _ := strconv.ParseInt(sc.Text(), 10, 64)
		if count := discPoints(r); count < 0 {
			fmt.Println("invalid")
		} else {
			fmt.Println(count)
		}
	}
}
