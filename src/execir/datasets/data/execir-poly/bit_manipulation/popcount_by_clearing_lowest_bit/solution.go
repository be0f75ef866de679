package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func countSetBits(n int64) int {
	if n < 0 {
		return -1
	}
	count := 0
	for n != 0 {
		n &= n - 1
		count++
	}
	return count
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	q, _ := strconv.Atoi(sc.Text())
	for i := 0; i < q; i++ {
		sc.Scan()
		v, _ := strconv.ParseInt(sc.Text(), 10, 64)
		fmt.Println(countSetBits(v))
	}
}
