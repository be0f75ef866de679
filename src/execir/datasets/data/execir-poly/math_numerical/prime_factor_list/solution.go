package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func primeFactors(n int64) []int64 {
	var factors []int64
	if n < 2 {
		return factors
	}
	for d := int64(2); d*d <= n; d++ {
		for n%d == 0 {
			factors = append(factors, d)
			n /= d
		}
	}
	if n > 1 {
		factors = append(factors, n)
	}
	return factors
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	writer := bufio.NewWriter(os.Stdout)
	defer writer.Flush()
	var n int64
	for {
		if _, err := fmt.Fscan(reader, &n); err != nil {
			break
		}
		factors := primeFactors(n)
		if len(factors) == 0 {
			fmt.Fprintln(writer, "none")
			continue
		}
		fmt.Fprintln(writer, strings.Trim(fmt.Sprint(factors), "[]"))
	}
}
