package main

import (
	"bufio"
	"fmt"
	"os"
)

func phi(n int64) int64 {
	if n < 1 {
		return 0
	}
	result := n
	for p := int64(2); p*p <= n; p++ {
		if n%p == 0 {
			for n%p == 0 {
				n /= p
			}
			result -= result / p
		}
	}
	if n > 1 {
		result -= result / n
	}
	return result
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
		fmt.Fprintln(writer, phi(n))
	}
}
