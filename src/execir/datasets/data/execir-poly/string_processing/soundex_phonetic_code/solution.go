package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

var groups = []string{"bfpv", "cgjkqsxz", "dt", "l", "mn", "r"}

func codeOf(ch byte) byte {
	for i, g := range groups {
		if strings.IndexByte(g, ch) >= 0 {
			return byte('1' + i)
		}
	}
	return 0
}

func soundex(word string) string {
	w := strings.ToLower(word)
	out := []byte{w[0] - 'a' + 'A'}
	prev := codeOf(w[0])
	for i := 1; i < len(w); i++ {
		digit := codeOf(w[i])
		if digit != 0 && digit != prev {
			out = append(out, digit)
		}
		if w[i] != 'h' && w[i] != 'w' {
			prev = digit
		}
	}
	return (string(out) + "000")[:4]
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	scanner.Split(bufio.ScanWords)
	for scanner.Scan() {
		fmt.Println(soundex(scanner.Text()))
	}
}
