package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func twiceArea(xs, ys []int64) int64 {
	var total int64
	n := len(xs)
	for i := 0; i < n; i++ {
		j := (i + 1) % n
		total += xs[i]*ys[j] - xs[j]*ys[i]
	}
	if total < 0 {
		return -total
	}
	return total
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	next := func() int64 {
		sc.Scan()
		v, _ := strconv.ParseInt(sc.Text(), 10, 64)
		return v
	}
	n := int(next())
	xs, ys := make([]int64, n), make([]int64, n)
	for i := 0; i < n; i++ {
		xs[i], ys[i] = next(), next()
	}
	var doubled int64
	if n >= 3 {
		doubled = twiceArea(xs, ys)
	}
	half := ".0"
	if doubled%2 == 1 {
		half = ".5"
	}
	fmt.Printf("%d%s\n", doubled/2, half)
}
