package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

var values = []int64{1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1}
var symbols = []string{"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"}

func toRoman(n int64) string {
	if n < 1 || n > 3999 {
		return "invalid"
	}
	var out strings.Builder
	for i, value := range values {
		for n >= value {
			out.WriteString(symbols[i])
			n -= value
		}
	}
	return out.String()
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
		fmt.Fprintln(writer, toRoman(n))
	}
}
