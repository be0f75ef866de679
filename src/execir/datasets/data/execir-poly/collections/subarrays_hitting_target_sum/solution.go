package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func countTargetSubarrays(values []int64, target int64) int64 {
	seen := map[int64]int64{0: 1}
	var running, total int64
	for _, value := range values {
		running += value
		total += seen[running-target]
		seen[running]++
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
	target := next()
	values := make([]int64, n)
	for i := range values {
		values[i] = next()
	}
	fmt.Println(countTargetSubarrays(values, target))
}
