package main

import (
	"bufio"
	"fmt"
	"os"
)

var ones = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
	"nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
	"seventeen", "eighteen", "nineteen"}
var tens = []string{"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy",
	"eighty", "ninety"}

func belowHundred(m int64) string {
	if m < 20 {
		return ones[m]
	}
	word := tens[m/10]
	if m%10 != 0 {
		word += "-" + ones[m%10]
	}
	return word
}

func numberWords(n int64) string {
	if n < 0 || n > 999 {
		return "invalid"
	}
	if n < 100 {
		return belowHundred(n)
	}
	word := ones[n/100] + " hundred"
	if n%100 != 0 {
		word += " and " + belowHundred(n%100)
	}
	return word
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	var n int64
	for {
		if _, err := fmt.Fscan(reader, &n); err != nil {
			break
		}
		fmt.Println(numberWords(n))
	}
}
