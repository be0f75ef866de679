package main

import (
	"bufio"
	"fmt"
	"os"
)

func reverseDigits(n int64) int64 {
	sign := int64(1)
	if n < 0 {
		sign = -1
	}
	n *= sign
	result := int64(0)
	for n > 0 {
		result = result*10 + n%10
		n /= 10
	}
	return sign * result
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
		fmt.Fprintln(writer, reverseDigits(n))
	}
}
