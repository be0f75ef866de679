package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func maxDrawdown(values []int64) int64 {
	var best, peak int64
	for i, v := range values {
		if i == 0 || v > peak {
			peak = v
		}
		if peak-v > best {
			best = peak - v
		}
	}
	return best
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	n, _ := strconv.Atoi(sc.Text())
	values := make([]int64, n)
	for i := range values {
		sc.Scan()
		values[i], _ = strconv.ParseInt(sc.Text(), 10, 64)
	}
	fmt.Println(maxDrawdown(values))
}
