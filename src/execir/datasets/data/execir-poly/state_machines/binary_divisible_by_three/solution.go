package main

import (
	"bufio"
	"fmt"
	"os"
)

func divisibleByThree(bits string) bool {
	remainder := 0
	for _, ch := range bits {
		if ch != '0' && ch != '1' {
			return false
		}
		remainder = (remainder*2 + int(ch-'0')) % 3
	}
	return remainder == 0
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	scanner.Split(bufio.ScanWords)
	for scanner.Scan() {
		if divisibleByThree(scanner.Text()) {
			fmt.Println("yes")
		} else {
			fmt.Println("no")
		}
	}
}
