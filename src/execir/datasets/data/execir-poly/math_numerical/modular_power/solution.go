package main

import (
	"bufio"
	"fmt"
	"os"
)

func modPow(base, exponent, modulus int64) int64 {
	result := 1 % modulus
	base %= modulus
	if base < 0 {
		base += modulus
	}
	for exponent > 0 {
		if exponent&1 == 1 {
			result = result * base % modulus
		}
		base = base * base % modulus
		exponent >>= 1
	}
	return result
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	writer := bufio.NewWriter(os.Stdout)
	defer writer.Flush()
	var base, exponent, modulus int64
	for {
		if _, err := fmt.Fscan(reader, &base, &exponent, &modulus); err != nil {
			break
		}
		fmt.Fprintln(writer, modPow(base, exponent, modulus))
	}
}
